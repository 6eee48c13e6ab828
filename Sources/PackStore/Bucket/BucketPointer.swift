import Foundation

/// `current.json`: which release and manifest version the bucket serves, written after every object it
/// names (docs/object-storage.md "Publishing order"). Replicas poll it with a conditional GET.
public struct BucketPointer: Sendable, Hashable, Codable {
    public var release: Int
    /// The manifest version: strictly increasing across every signing of the publisher's index. A replica
    /// ignores a pointer whose version is lower than the one it serves (docs/object-storage.md "Replicas").
    public var version: Int
    /// Lowercase hex SHA-256 of the manifest payload (`manifest.json`): a reader checks the documents it
    /// fetched are the ones this pointer names.
    public var etag: String
    /// Unix seconds at which replicas start serving this pointer, all at once: the publisher sets it
    /// `replica.prepareSeconds` ahead, the time a replica has to copy the release's blobs.
    public var notBefore: Int64
    /// The signed manifest's own times and key (what `StoredManifest` holds besides the bytes).
    public var issuedAt: Int64
    public var expiresAt: Int64
    public var keyID: String
    /// The signer's settings (`StoredManifest.profile`).
    public var profile: String

    public init(
        release: Int, version: Int, etag: String, notBefore: Int64, issuedAt: Int64, expiresAt: Int64, keyID: String,
        profile: String
    ) {
        self.release = release
        self.version = version
        self.etag = etag
        self.notBefore = notBefore
        self.issuedAt = issuedAt
        self.expiresAt = expiresAt
        self.keyID = keyID
        self.profile = profile
    }

    /// Sorted keys, so equal pointers are equal bytes.
    public func encoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Array(try encoder.encode(self))
    }

    /// Decodes and checks: whoever can write the bucket can write this document.
    public init(json: [UInt8]) throws {
        self = try JSONDecoder().decode(Self.self, from: Data(json))
        let problem: String? =
            if release < 1 { "release \(release) is below 1" }
            else if version < 1 { "version \(version) is below 1" }
            else if !StoredValueRules.isSHA256Hex(etag) { "etag \"\(etag.prefix(80))\" is not 64 hex digits" }
            else { nil }
        if let problem { throw PackStoreError.untrustworthyDocument(name: "current.json", problem: problem) }
    }

    /// The stored manifest this pointer names, from its documents' bytes (the JWS without its payload).
    public func manifest(payload: [UInt8], signature: [UInt8], detachedJWS: String) -> StoredManifest {
        StoredManifest(
            version: version, release: release, issuedAt: issuedAt, expiresAt: expiresAt, keyID: keyID, payload: payload,
            payloadSignature: signature, detachedJWS: detachedJWS, profile: profile, notBefore: notBefore)
    }
}
