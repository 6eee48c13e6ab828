import Foundation
import GRDB

/// Signed manifests: numbering and keeping them is the index's job, so that `version` grows by one on
/// every signing, across processes and restarts.
extension PackStore {
    /// Signs release `number` as the next manifest version, in one write transaction: `sign` gets the new
    /// version and the release's packs and returns the signed bytes, which are stored with it. Concurrent
    /// signers queue on the transaction, so two signings never share a version.
    @discardableResult
    public func signManifest(
        release number: Int, issuedAt: Int64, expiresAt: Int64,
        sign: (_ version: Int, _ release: Int, _ packs: [PackEntry]) throws -> ManifestSignature
    ) throws(PackStoreError) -> StoredManifest {
        try write { db in
            try Self.insertManifest(release: number, issuedAt: issuedAt, expiresAt: expiresAt, sign: sign, db)
        }
    }

    /// `publish` and its first signing in one transaction, so no reader ever sees the release unsigned.
    public func publish(
        note: String = "", issuedAt: Int64, expiresAt: Int64,
        sign: (_ version: Int, _ release: Int, _ packs: [PackEntry]) throws -> ManifestSignature
    ) throws(PackStoreError) -> (ReleaseSummary, StoredManifest) {
        try write { db in
            let release = try Self.publishDraft(note: note, db)
            let manifest = try Self.insertManifest(
                release: release.number, issuedAt: issuedAt, expiresAt: expiresAt, sign: sign, db)
            return (release, manifest)
        }
    }

    /// `rollback` and its first signing in one transaction.
    public func rollback(
        to number: Int, issuedAt: Int64, expiresAt: Int64,
        sign: (_ version: Int, _ release: Int, _ packs: [PackEntry]) throws -> ManifestSignature
    ) throws(PackStoreError) -> (ReleaseSummary, StoredManifest) {
        try write { db in
            let release = try Self.publishCopy(of: number, note: nil, db)
            let manifest = try Self.insertManifest(
                release: release.number, issuedAt: issuedAt, expiresAt: expiresAt, sign: sign, db)
            return (release, manifest)
        }
    }

    static func insertManifest(
        release number: Int, issuedAt: Int64, expiresAt: Int64,
        sign: (_ version: Int, _ release: Int, _ packs: [PackEntry]) throws -> ManifestSignature, _ db: Database
    ) throws -> StoredManifest {
        let packs = try Self.releaseEntries(db, release: number)
        let version = try Int.fetchOne(db, sql: "SELECT coalesce(max(version), 0) + 1 FROM signedManifest") ?? 1
        let signature: ManifestSignature
        do {
            signature = try sign(version, number, packs)
        } catch {
            throw PackStoreError.signingFailed(reason: "\(error)")
        }
        let record = SignedManifestRecord(
            version: version, releaseNumber: number, issuedAt: issuedAt, expiresAt: expiresAt,
            keyId: signature.keyID, payload: Data(signature.payload), payloadSignature: Data(signature.payloadSignature),
            compactJWS: signature.compactJWS, profile: signature.profile)
        try record.insert(db)
        return record.stored
    }

    /// The newest signed manifest, or nil before the first signing.
    public func latestManifest() throws(PackStoreError) -> StoredManifest? {
        try read { db in
            try SignedManifestRecord.order(Column("version").desc).limit(1).fetchOne(db)?.stored
        }
    }

    /// Every stored manifest, oldest first, one at a time (each holds the whole release: they are not
    /// collected), in one read transaction. For `fsck`, which checks their signatures.
    public func forEachManifest(_ body: (StoredManifest) -> Void) throws(PackStoreError) {
        try read { db in
            let records = try SignedManifestRecord.order(Column("version")).fetchCursor(db)
            while let record = try records.next() { body(record.stored) }
        }
    }

    /// The newest manifest version, one primary-key lookup: cheap enough to poll.
    public func latestManifestVersion() throws(PackStoreError) -> Int? {
        try read { db in try Int.fetchOne(db, sql: "SELECT max(version) FROM signedManifest") }
    }
}
