import AppleArchive
import ArgumentParser
import Foundation
import JSONText
import Manifest
import PackStore

/// `packserve add PATH [--id ID] [--tag T]… [--policy P] [--order N] [--content-type T] [--platform P]…`: an Apple
/// Archive's Manifest.json gives the id, policy and platforms (docs/apple-archive.md); given ones must agree.
struct AddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Ingest a file (a directory is zipped first) into the draft as a new version of a pack."
    )

    @ParentCommand var root: PackServe

    @Argument(help: "The file or directory to ingest.")
    var path: String

    @Option(help: "Pack id: 1-128 of A-Z, a-z, 0-9, '.', '-' (Apple asset-pack ids, e.g. com.example.level-1); an Apple Archive's assetPackID when left out.")
    var id: String?

    @Option(name: .customLong("tag"), help: "A tag to add (repeatable).")
    var tags: [String] = []

    @OptionGroup var attributes: PackAttributeOptions

    @Option(help: "ios, macos, tvos or visionos (repeatable); all: every platform. An Apple Archive's own platforms when left out.")
    var platform: [String] = []

    @Flag(help: "Print the result as JSON.")
    var json = false

    func run() async throws {
        let context = try await StoreContext.open(configPath: root.config)
        let progress = ProgressLine(label: "ingesting \(id ?? path)")
        let version = try context.store.add(
            file: URL(fileURLWithPath: path), id: id, tags: tags, policy: attributes.policy.map(PackPolicy.init(parsing:)),
            order: attributes.order, contentType: attributes.contentType, platforms: try PlatformOption.parse(platform),
            limits: context.config.limits.ingest, progress: progress.update)
        progress.finish()
        if case .compressed(let magic, let algorithm) = version.format {
            printWarning("\(path) is an Apple Archive compressed with \(algorithm) (\(magic)): PackServe cannot read it, so its Manifest.json, unpacked size and content were not checked")
        } else if version.format == .encrypted {
            printWarning("\(path) is an encrypted Apple Archive: PackServe cannot read it, so its Manifest.json, unpacked size and content were not checked")
        }
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
    let archive: PackArchive?

    init(_ v: PackVersion) {
        id = v.id
        version = v.version
        size = v.size
        sha256 = v.sha256
        archive = v.archive
    }
}
