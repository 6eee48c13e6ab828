import Foundation
import HTTPServer
import Manifest
import PackStore

/// One release's download manifest (`/download-manifest.json`, `/manifest?platform=P`), encoded when the
/// release is loaded: the whole catalog, and one variant per platform listing only the packs for it. When no
/// pack is limited to platforms (the usual case) every variant shares the one encoding.
struct DownloadManifestVariants: Sendable {
    let all: PrecomputedDocument
    let byPlatform: [ApplePlatform: PrecomputedDocument]

    /// - Parameter packs: the release's packs, sorted by id.
    init(release: Int, createdAt: Date, packs: [PackEntry], baseURL: String, style: PackURLStyle) {
        let objects = DownloadManifest(packs: packs, release: release, baseURL: baseURL, style: style).assetPacks
        let platforms = packs.map(\.platforms)
        // The release number names the content within one index; its creation time and the URL settings
        // tell apart two indexes (or two configurations) that reached the same number.
        let tagPrefix = "dm-\(release).\(Int64(createdAt.timeIntervalSince1970 * 1000))"
            + "-\(Self.fingerprint("\(baseURL) \(style.rawValue)"))"
        func document(_ assetPacks: [DownloadManifestPack], variant: String) -> PrecomputedDocument {
            PrecomputedDocument(
                body: DownloadManifest(assetPacks: assetPacks).encoded(), contentType: "application/json",
                entityTag: EntityTag(opaqueTag: "\(tagPrefix)-\(variant)")!,
                lastModified: Int64(createdAt.timeIntervalSince1970), cacheControl: "no-cache")
        }
        all = document(objects, variant: "all")
        var variants: [ApplePlatform: PrecomputedDocument] = [:]
        let isRestricted = platforms.contains { !$0.isEmpty }
        for platform in ApplePlatform.allCases {
            variants[platform] = isRestricted
                ? document(zip(platforms, objects).filter { platform.includes($0.0) }.map(\.1), variant: platform.rawValue)
                : all
        }
        byPlatform = variants
    }

    /// The document for `platform`, or the whole catalog for nil.
    func document(for platform: ApplePlatform?) -> PrecomputedDocument {
        platform.flatMap { byPlatform[$0] } ?? all
    }

    /// 32-bit FNV-1a as 8 hex digits: short, stable across runs (unlike `Hasher`), and enough to tell apart
    /// the few URL settings one host ever uses.
    static func fingerprint(_ text: String) -> String {
        var hash: UInt32 = 0x811C_9DC5
        for byte in text.utf8 { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }
}
