import GRDB

/// A row of `signedManifest`: one signing of one release's manifest, with the exact bytes served.
struct SignedManifestRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "signedManifest"

    var version: Int
    var releaseNumber: Int
    var issuedAt: Int64
    var expiresAt: Int64
    var keyId: String
    var payload: [UInt8]
    var payloadSignature: [UInt8]
    var compactJWS: String

    var stored: StoredManifest {
        StoredManifest(
            version: version, release: releaseNumber, issuedAt: issuedAt, expiresAt: expiresAt, keyID: keyId,
            payload: payload, payloadSignature: payloadSignature, compactJWS: compactJWS)
    }
}
