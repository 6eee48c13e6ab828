import Foundation
import GRDB

/// A row of `channelManifest`: one signing of one view's manifest, with the exact bytes served. A channel's
/// signing covers every one of its views, all at one `version`.
struct ChannelManifestRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "channelManifest"

    var channel: String
    var version: Int
    var segment: String
    var releaseNumber: Int
    var issuedAt: Int64
    var expiresAt: Int64
    var notBefore: Int64
    var keyId: String
    // Data, not [UInt8]: Codable would store an array as JSON text, one element at a time.
    var payload: Data
    var payloadSignature: Data
    var detachedJWS: String
    var profile: String

    init(_ manifest: StoredManifest) {
        channel = manifest.channel
        version = manifest.version
        segment = manifest.view
        releaseNumber = manifest.release
        issuedAt = manifest.issuedAt
        expiresAt = manifest.expiresAt
        notBefore = manifest.notBefore
        keyId = manifest.keyID
        payload = Data(manifest.payload)
        payloadSignature = Data(manifest.payloadSignature)
        detachedJWS = manifest.detachedJWS
        profile = manifest.profile
    }

    /// The manifest in the row a cursor stands on, read without the intermediate `Data` copies Codable makes:
    /// a 100,000-pack manifest's payload is a blob of some 35 MB, read on every start-up and release swap.
    static func stored(cursorRow row: Row) throws -> StoredManifest {
        StoredManifest(
            channel: row["channel"], view: row["segment"], version: row["version"], release: row["releaseNumber"], issuedAt: row["issuedAt"],
            expiresAt: row["expiresAt"], keyID: row["keyId"],
            payload: try row.withUnsafeData(named: "payload") { $0.map(Array.init) ?? [] },
            payloadSignature: try row.withUnsafeData(named: "payloadSignature") { $0.map(Array.init) ?? [] },
            detachedJWS: row["detachedJWS"], profile: row["profile"], notBefore: row["notBefore"])
    }

    /// The columns of a row but its signed bytes.
    static let headerColumns = "channel, segment, version, releaseNumber, issuedAt, expiresAt, keyId, profile, notBefore"

    /// The manifest in a row read with `headerColumns` only: its version, times and settings, no bytes.
    static func header(row: Row) -> StoredManifest {
        StoredManifest(
            channel: row["channel"], view: row["segment"], version: row["version"], release: row["releaseNumber"],
            issuedAt: row["issuedAt"], expiresAt: row["expiresAt"], keyID: row["keyId"], payload: [], payloadSignature: [],
            detachedJWS: "", profile: row["profile"], notBefore: row["notBefore"])
    }
}
