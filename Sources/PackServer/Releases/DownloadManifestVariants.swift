import Foundation
import HTTP1
import HTTPServer
import Manifest
import PackStore

/// One release's download manifest (`/download-manifest.json`, `/manifest?platform=P`): the whole catalog, and
/// one variant per platform listing only the packs for it. When no pack is limited to platforms (the usual
/// case) every variant shares the one encoding.
///
/// The bodies are encoded once, at publish (`encode`, stored with the release by `ReleaseSealing`); loading a
/// release only wraps them with their validators.
struct DownloadManifestVariants: Sendable {
    let all: EncodedDocument
    let byPlatform: [ApplePlatform: EncodedDocument]

    /// The name of the stored body of `platform`'s variant, or of the whole catalog for nil.
    static func documentName(_ platform: ApplePlatform?) -> String {
        platform.map { "download-manifest-\($0.rawValue)" } ?? "download-manifest"
    }

    /// What the bodies depend on besides the release: they are only reused by a server with these settings.
    static func profile(baseURL: String, style: PackURLStyle) -> String {
        "base=\(baseURL) packURLs=\(style.rawValue)"
    }

    /// The bodies of release `release`, by `documentName`: the whole catalog, and a variant per platform only
    /// when some pack is limited to platforms. `packs` are sorted by id.
    static func encode(packs: [PackEntry], release: Int, baseURL: String, style: PackURLStyle) -> [String: [UInt8]] {
        let objects = DownloadManifest(packs: packs, release: release, baseURL: baseURL, style: style).assetPacks
        var bodies = [documentName(nil): DownloadManifest(assetPacks: objects).encoded()]
        let platforms = packs.map(\.platforms)
        guard platforms.contains(where: { !$0.isEmpty }) else { return bodies }
        for platform in ApplePlatform.allCases {
            let listed = zip(platforms, objects).filter { platform.includes($0.0) }.map(\.1)
            bodies[documentName(platform)] = DownloadManifest(assetPacks: listed).encoded()
        }
        return bodies
    }

    /// - Parameters:
    ///   - bodies: from `encode` for the same release and settings; nil when the whole catalog's body is missing.
    ///   - appleVersions: a view's Apple versions where they differ from the release's own (they are in the
    ///     bytes, so in the validator too).
    init?(
        bodies: [String: [UInt8]], release: Int, createdAt: Date, baseURL: String, style: PackURLStyle,
        appleVersions: [String: Int] = [:]
    ) {
        // The release number names the content within one index; its creation time and the URL settings
        // tell apart two indexes (or two configurations) that reached the same number.
        var tagPrefix = "dm-\(release).\(Int64(createdAt.timeIntervalSince1970 * 1000))"
            + "-\(Fingerprint.hex(Self.profile(baseURL: baseURL, style: style).utf8))"
        if !appleVersions.isEmpty {
            let raised = appleVersions.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
            tagPrefix += "-\(Fingerprint.hex(raised.utf8))"
        }
        func document(_ platform: ApplePlatform?) -> EncodedDocument? {
            bodies[Self.documentName(platform)].map { body in
                EncodedDocument(
                    body: body, contentType: "application/json",
                    entityTag: EntityTag(opaqueTag: "\(tagPrefix)-\(platform?.rawValue ?? "all")")!,
                    lastModified: Int64(createdAt.timeIntervalSince1970), cacheControl: nil, compress: true)
            }
        }
        guard let all = document(nil) else { return nil }
        self.all = all
        var variants: [ApplePlatform: EncodedDocument] = [:]
        for platform in ApplePlatform.allCases { variants[platform] = document(platform) ?? all }
        byPlatform = variants
    }

    /// A view's download manifests: from `stored` bodies when they are there and whole, else encoded from
    /// `packs` (its release's, sorted by id) with the view's Apple versions; and whether they were encoded.
    static func view(
        stored: [String: [UInt8]]?, packs: () -> [PackEntry], release: Int, createdAt: Date, baseURL: String,
        style: PackURLStyle, appleVersions: [String: Int]
    ) -> (variants: DownloadManifestVariants, encoded: Bool) {
        func variants(_ bodies: [String: [UInt8]]) -> DownloadManifestVariants? {
            DownloadManifestVariants(
                bodies: bodies, release: release, createdAt: createdAt, baseURL: baseURL, style: style,
                appleVersions: appleVersions)
        }
        if let stored, let made = variants(stored) { return (made, false) }
        let entries = packs().map { pack in
            var entry = pack
            entry.appleVersion = appleVersions[pack.id] ?? pack.appleVersion
            return entry
        }
        return (variants(encode(packs: entries, release: release, baseURL: baseURL, style: style))!, true)
    }

    /// The document for `platform`, or the whole catalog for nil.
    func document(for platform: ApplePlatform?) -> EncodedDocument {
        platform.flatMap { byPlatform[$0] } ?? all
    }
}
