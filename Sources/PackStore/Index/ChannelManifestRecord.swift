import Foundation
import GRDB

/// A row of `signedManifest`: one signing of one release's manifest, with the exact bytes served.
struct SignedManifestRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "signedManifest"

    var version: Int
    var releaseNumber: Int
    var issuedAt: Int64
    var expiresAt: Int64
    var keyId: String
    // Data, not [UInt8]: Codable would store an array as JSON text, one element at a time.
    var payload: Data
    var payloadSignature: Data
    var compactJWS: String
    var profile: String
    /// nil: live from `issuedAt`.
    var notBefore: Int64?

    var stored: StoredManifest {
        StoredManifest(
            version: version, release: releaseNumber, issuedAt: issuedAt, expiresAt: expiresAt, keyID: keyId,
            payload: Array(payload), payloadSignature: Array(payloadSignature), compactJWS: compactJWS, profile: profile,
            notBefore: notBefore)
    }

    /// The manifest in the row a cursor stands on, read without the intermediate `Data` copies Codable makes:
    /// a 100,000-pack manifest is two blobs of some 40 MB each, read on every start-up and release swap.
    static func stored(cursorRow row: Row) throws -> StoredManifest {
        StoredManifest(
            version: row["version"], release: row["releaseNumber"], issuedAt: row["issuedAt"], expiresAt: row["expiresAt"],
            keyID: row["keyId"], payload: try row.withUnsafeData(named: "payload") { $0.map(Array.init) ?? [] },
            payloadSignature: try row.withUnsafeData(named: "payloadSignature") { $0.map(Array.init) ?? [] },
            compactJWS: row["compactJWS"], profile: row["profile"], notBefore: row["notBefore"])
    }
}
