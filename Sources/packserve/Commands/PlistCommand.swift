import ArgumentParser
import Foundation
import Manifest
import PackStore

/// `packserve plist [--json]`: the Info.plist keys an app needs for the current release.
struct PlistCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plist",
        abstract: "Print the Background Assets Info.plist keys for the current release (XML plist, or JSON).")

    @ParentCommand var root: PackServe

    @Flag(help: "Print JSON instead of an XML property list.")
    var json = false

    func run() async throws {
        let context = try await StoreContext.open(configPath: root.config)
        guard let manifest = try context.store.latestManifest() else {
            throw CommandFailure("no signed manifest yet: run packserve publish")
        }
        let document = try CanonicalJSON.decode(ManifestDocument.self, from: manifest.payload)
        var installSizes: [String: Int64] = [:]
        for entry in try context.store.listRelease(manifest.release) {
            installSizes[entry.id] = context.store.installSize(of: entry)
        }
        let base = context.config.publicBaseURL.hasSuffix("/")
            ? String(context.config.publicBaseURL.dropLast()) : context.config.publicBaseURL
        let keys = InstallPlist(
            document: document, manifestURL: base + "/manifest", manifestBytes: Int64(manifest.compactJWS.utf8.count),
            installSizes: installSizes)
        if json {
            let data = try JSONSerialization.data(withJSONObject: keys.dictionary, options: [.sortedKeys, .withoutEscapingSlashes])
            print(String(decoding: data, as: UTF8.self))
        } else {
            print(try keys.xml(), terminator: "")
        }
    }
}
