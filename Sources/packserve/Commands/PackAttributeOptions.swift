import ArgumentParser

/// `--policy`, `--order` and `--content-type`, as `add`, `set` and `push` take them (docs/api.md "Command
/// line"); each is optional: nil leaves the pack's value as it is (or a new pack's default).
struct PackAttributeOptions: ParsableArguments {
    @Option(help: "essential, prefetch or on-demand (a new pack: on-demand).")
    var policy: String?

    @Option(help: "Fetch order among prefetch packs (ascending).")
    var order: Int?

    @Option(help: "Content-Type to serve (a new pack: application/zip for zips and directories, else application/octet-stream).")
    var contentType: String?
}
