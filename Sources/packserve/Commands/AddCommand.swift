import ArgumentParser
import Foundation
import Manifest
import PackStore

/// `packserve add PATH --id ID [--tag T]… [--policy P] [--order N] [--content-type T]`
struct AddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Ingest a file (a directory is zipped first) into the draft as a new version of a pack."
    )

    @ParentCommand var root: PackServe

    @Argument(help: "The file or directory to ingest.")
    var path: String

    @Option(help: "Pack id: 1-128 of A-Z, a-z, 0-9, '.', '-' (Apple asset-pack ids, e.g. com.example.level-1).")
    var id: String

    @Option(name: .customLong("tag"), help: "A tag to add (repeatable).")
    var tags: [String] = []

    @OptionGroup var attributes: PackAttributeOptions

    @Flag(help: "Print the result as JSON.")
    var json = false

    func run() async throws {
        let context = try await StoreContext.open(configPath: root.config)
        let progress = ProgressLine(label: "ingesting \(id)")
        let version = try context.store.add(
            file: URL(fileURLWithPath: path), id: id, tags: tags, policy: attributes.policy.map(PackPolicy.init(parsing:)),
            order: attributes.order, contentType: attributes.contentType, maxPackBytes: context.config.limits.maxPackBytes,
            progress: progress.update)
        progress.finish()
        if json {
            print(try CanonicalJSON.string(AddedPack(version)))
        } else if version.unchanged {
            print("\(version.id) unchanged: version \(version.version) already has these bytes")
        } else {
            let reused = version.reusedExistingBlob ? ", identical bytes already stored" : ""
            print("added \(version.id) version \(version.version): \(version.size) bytes, sha256 \(version.sha256)\(reused)")
        }
    }
}

/// `add --json` output.
struct AddedPack: Encodable {
    let id: String
    let version: Int
    let size: Int64
    let sha256: String

    init(_ v: PackVersion) {
        id = v.id
        version = v.version
        size = v.size
        sha256 = v.sha256
    }
}
