import ArgumentParser
import JSONText
import Manifest
import PackServer
import PackStore
import ReleaseViews

/// `packserve publish [--note TEXT] [--channel C] [--min-build B] [--max-build B]`
struct PublishCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "publish", abstract: "Freeze the draft into the next numbered release.")

    @ParentCommand var root: PackServe

    @Option(help: "A note stored with the release.")
    var note: String = ""

    @Option(help: "The channel to point at the release (docs/channels.md).")
    var channel: String = "production"

    @Option(help: "The lowest app build (CFBundleVersion) the release works with; 1.10 admits 1.10.0 and above.")
    var minBuild: String?

    @Option(help: "The highest app build the release works with; 1.9 admits every 1.9.x.")
    var maxBuild: String?

    func run() async throws {
        let channel = try ViewArguments.channel(channel)
        let builds = try ViewArguments.range(min: minBuild, max: maxBuild)
        let context = try await StoreContext.open(configPath: root.config)
        let signer = try context.signer()
        let bucket = try BucketPublishing.bucket(context)
        let (release, change) = try signer.publish(note: note, channel: channel, builds: builds, in: context.store)
        let to = channel.isProduction ? "" : " to \(channel)"
        let range = builds.isAll ? "" : ", builds \(builds)"
        print("""
            release \(release.number) published\(to) (manifest version \(change.version), \(release.packCount) packs, \
            \(release.totalBytes) bytes\(range))\(ViewArguments.raisedNote(change))
            """)
        try BucketPublishing.sync(context, to: bucket)
    }
}

/// `packserve rollback N`: publishes a NEW release whose content equals release N.
struct RollbackCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rollback", abstract: "Publish a new release whose content equals release N.")

    @ParentCommand var root: PackServe

    @Argument(help: "The release whose content (and build range) to restore.")
    var release: Int

    @Option(help: "The channel to point at the new release.")
    var channel: String = "production"

    func run() async throws {
        let channel = try ViewArguments.channel(channel)
        let context = try await StoreContext.open(configPath: root.config)
        let signer = try context.signer()
        let bucket = try BucketPublishing.bucket(context)
        let (made, change) = try signer.rollback(to: release, channel: channel, in: context.store)
        let to = channel.isProduction ? "" : " to \(channel)"
        print("""
            release \(made.number) published\(to) (manifest version \(change.version), content of release \(release), \
            \(made.packCount) packs)\(ViewArguments.raisedNote(change))
            """)
        try BucketPublishing.sync(context, to: bucket)
    }
}

/// `packserve releases [--json]`
struct ReleasesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "releases", abstract: "List the release history.")

    @ParentCommand var root: PackServe

    @Flag(help: "Print the same JSON array as GET /releases.")
    var json = false

    func run() async throws {
        let history = try await StoreContext.open(configPath: root.config).store.releases()
        if json {
            print(try CanonicalJSON.string(history.map(ReleaseListItem.init)))
            return
        }
        guard !history.isEmpty else {
            print("no releases yet: run packserve publish")
            return
        }
        let rows = history.map { r in
            [String(r.number), r.createdAt.formatted(.iso8601), String(r.packCount), String(r.totalBytes),
             r.channel, (try? BuildRange(min: r.minBuild, max: r.maxBuild).description) ?? "?",
             r.rollbackOf.map { "rollback of \($0)" } ?? (r.isPruned ? "pruned" : ""), r.note]
        }
        print(TextTable.render(
            header: ["RELEASE", "CREATED", "PACKS", "BYTES", "CHANNEL", "BUILDS", "STATUS", "NOTE"], rows: rows))
    }
}
