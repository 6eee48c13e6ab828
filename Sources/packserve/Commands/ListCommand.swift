import ArgumentParser
import JSONText
import Manifest
import PackServer
import PackStore

/// `packserve ls [--json] [--tag T] [--release N]`
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ls", abstract: "List the draft, or a release with --release.")

    @ParentCommand var root: PackServe

    @Flag(help: "Print a JSON array of pack objects (with url for a release, and appleVersion).")
    var json = false

    @Option(help: "Only packs carrying this tag.")
    var tag: String?

    @Option(help: "List this release instead of the draft.")
    var release: Int?

    func run() async throws {
        let context = try await StoreContext.open(configPath: root.config)
        let entries: [PackEntry]
        if let release {
            entries = try context.store.listRelease(release, tag: tag)
        } else {
            entries = try context.store.listDraft(tag: tag)
        }
        if json {
            let config = context.config
            let packs = entries.map { entry in
                // A draft has no URL yet: it becomes reachable only once published.
                CatalogPack(entry, url: release == nil ? nil : config.packURLs.url(
                    baseURL: config.publicBaseURL, id: entry.id, sha256: entry.sha256))
            }
            print(try CanonicalJSON.string(packs))
            return
        }
        if entries.isEmpty {
            print(release == nil ? "the draft is empty" : "release \(release!) has no packs\(tag.map { " tagged \($0)" } ?? "")")
            return
        }
        let rows = entries.map { e in
            [e.id, String(e.version), String(e.appleVersion), String(e.size), e.policy.rawValue, String(e.order),
             e.tags.joined(separator: ","), e.platforms.isEmpty ? "all" : e.platforms.map(\.rawValue).joined(separator: ","),
             e.access.rawValue, String(e.sha256.prefix(12))]
        }
        // APPLEVERSION: the version devices of managed apps trust (for the draft: what the next publish makes it).
        print(TextTable.render(
            header: ["ID", "VERSION", "APPLEVERSION", "BYTES", "POLICY", "ORDER", "TAGS", "PLATFORMS", "ACCESS", "SHA256"],
            rows: rows))
    }
}
