import ArgumentParser
import JSONText
import Manifest
import PackServer
import PackStore

/// `packserve publish [--note TEXT]`
struct PublishCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "publish", abstract: "Freeze the draft into the next numbered release.")

    @ParentCommand var root: PackServe

    @Option(help: "A note stored with the release.")
    var note: String = ""

    func run() async throws {
        let context = try await StoreContext.open(configPath: root.config)
        let signer = try context.signer()
        let bucket = try BucketPublishing.bucket(context)
        let (release, manifest) = try signer.publish(note: note, in: context.store)
        print("release \(release.number) published (manifest version \(manifest.version), \(release.packCount) packs, \(release.totalBytes) bytes)")
        try BucketPublishing.sync(context, to: bucket)
    }
}

/// `packserve rollback N`: publishes a NEW release whose content equals release N.
struct RollbackCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rollback", abstract: "Publish a new release whose content equals release N.")

    @ParentCommand var root: PackServe

    @Argument(help: "The release whose content to restore.")
    var release: Int

    func run() async throws {
        let context = try await StoreContext.open(configPath: root.config)
        let signer = try context.signer()
        let bucket = try BucketPublishing.bucket(context)
        let (made, manifest) = try signer.rollback(to: release, in: context.store)
        print("release \(made.number) published (manifest version \(manifest.version), content of release \(release), \(made.packCount) packs)")
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
             r.rollbackOf.map { "rollback of \($0)" } ?? (r.isPruned ? "pruned" : ""), r.note]
        }
        print(TextTable.render(header: ["RELEASE", "CREATED", "PACKS", "BYTES", "STATUS", "NOTE"], rows: rows))
    }
}
