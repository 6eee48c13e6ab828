import Crypto
import PackKitWire

/// Manifests and pack bytes for tests.
public enum SampleManifest {
    /// A fixed "now" (2025-11-22) and an expiry a week later.
    public static let issuedAt: Int64 = 1_763_769_600
    public static let expires: Int64 = issuedAt + 7 * 86_400

    /// A pack whose descriptor matches `bytes`.
    public static func pack(
        _ id: String, bytes: [UInt8], tags: [String] = [], policy: PackPolicy = .onDemand, order: Int = 0,
        url: String? = nil
    ) -> PackDescriptor {
        PackDescriptor(
            id: id, version: 1, url: url ?? "https://packs.test/blobs/sha256/\(HexDigest.sha256(bytes))",
            size: Int64(bytes.count), sha256: HexDigest.sha256(bytes), tags: tags.isEmpty ? [id] : tags, policy: policy,
            order: order, contentType: "application/octet-stream")
    }

    public static func manifest(
        version: Int = 17, channel: String = "production", iss: String = "https://packs.test",
        builds: ManifestBuilds? = nil, exp: Int64 = expires, packs: [PackDescriptor]
    ) -> PackManifest {
        PackManifest(iss: iss, channel: channel, builds: builds, iat: issuedAt, exp: exp, version: version, release: 4, packs: packs)
    }

    /// Deterministic bytes of `count`, different per `seed`.
    public static func bytes(_ count: Int, seed: UInt8 = 1) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed) &* 7 &+ ($0 >> 8)) }
    }
}
