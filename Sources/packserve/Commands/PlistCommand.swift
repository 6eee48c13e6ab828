import ArgumentParser
import Foundation
import JSONText
import Manifest
import PackKitWire
import PackServer
import PackStore

/// `packserve plist [--json] [--managed [--app-group GROUP]] [--per-build]`: the Info.plist keys an app needs
/// for the current release.
struct PlistCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plist",
        abstract: "Print the Background Assets Info.plist keys for the current release (XML plist, or JSON).")

    @ParentCommand var root: PackServe

    @Flag(help: "Print JSON instead of an XML property list.")
    var json = false

    @Flag(help: "The keys of an app whose asset packs the system manages, hosted here (download manifest).")
    var managed = false

    @Option(help: "With --managed: the app group the app shares with its Background Assets extension (BAAppGroupID).")
    var appGroup: String?

    @Flag(help: "Put the app's build in the manifest URL ($(CURRENT_PROJECT_VERSION), which Xcode fills in), so each build reads the release made for it (docs/channels.md).")
    var perBuild = false

    func run() async throws {
        if appGroup != nil && !managed { throw CommandFailure("--app-group needs --managed") }
        let context = try await StoreContext.open(configPath: root.config)
        let keys = managed ? try managedKeys(context) : try extensionKeys(context)
        // On stderr, so the plist on stdout stays clean for scripts.
        if let warning = DraftCheck.plaintextBaseURLWarning(context.config) {
            FileHandle.standardError.write(Data("warning: \(warning)\n".utf8))
        }
        if json {
            print(try keys.json())
        } else {
            print(try keys.xml(), terminator: "")
        }
    }

    /// The base URL, and with `--per-build` the build's view prefix: Xcode substitutes the build number when
    /// it copies the Info.plist into the app, so the URL of every build names that build.
    private func baseURL(_ config: PackServeConfiguration) -> String {
        let base = config.publicBaseURL.hasSuffix("/") ? String(config.publicBaseURL.dropLast()) : config.publicBaseURL
        return perBuild ? base + "/builds/$(CURRENT_PROJECT_VERSION)" : base
    }

    /// An unmanaged app's extension fetches the signed manifest itself.
    private func extensionKeys(_ context: StoreContext) throws -> InfoPlistKeys {
        guard let manifest = try context.store.latestManifest() else {
            throw CommandFailure("no signed manifest yet: run packserve publish")
        }
        let document = try CanonicalJSON.decode(PackManifest.self, from: manifest.payload)
        guard let jws = DetachedJWS(stored: manifest.detachedJWS) else {
            throw CommandFailure("the index's latest manifest has a malformed JWS: run packserve fsck")
        }
        var installSizes: [String: Int64] = [:]
        for entry in try context.store.listRelease(manifest.release) {
            installSizes[entry.id] = context.store.installSize(of: entry)
        }
        return InstallPlist(
            document: document, manifestURL: baseURL(context.config) + "/manifest",
            manifestBytes: Int64(jws.compactLength(payloadCount: manifest.payload.count)), installSizes: installSizes
        ).keys
    }

    /// A managed app: the system reads the download manifest the server builds from the current release.
    private func managedKeys(_ context: StoreContext) throws -> InfoPlistKeys {
        guard let snapshot = try context.store.loadSnapshot() else {
            throw CommandFailure("no release yet: run packserve publish")
        }
        let config = context.config
        let manifest = DownloadManifest(snapshot: snapshot, baseURL: config.publicBaseURL, style: config.packURLs)
        let manifestURL = baseURL(config) + "/download-manifest.json"
        if appGroup == nil {
            FileHandle.standardError.write(Data("warning: no --app-group: add BAAppGroupID yourself\n".utf8))
        }
        return ManagedInstallPlist(
            manifest: manifest, manifestURL: manifestURL, manifestBytes: Int64(manifest.encoded().count),
            appGroupID: appGroup
        ).keys
    }
}
