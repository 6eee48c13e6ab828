import Foundation
import GRDB

/// Signed manifests: numbering and keeping them is the index's job, so that `version` grows by one on
/// every signing, across processes and restarts.
extension PackStore {
    /// Renews the manifest of release `number` under the signing lease, in one write transaction: only when the
    /// newest manifest is still version `expected` (no other process renewed since the caller looked) and no
    /// other holder's lease runs past `now`. Takes or extends the lease to `lease.until`. The new manifest goes
    /// live at `notBefore` on every process. `sign` gets the new version and the release's packs and returns the
    /// signed bytes, which are stored with it; concurrent signers queue on the transaction, so two signings never
    /// share a version.
    public func renewManifest(
        release number: Int, after expected: Int?, lease: SigningLease, now: Int64, issuedAt: Int64,
        expiresAt: Int64, notBefore: Int64,
        sign: (_ version: Int, _ release: Int, _ packs: [PackEntry]) throws -> ManifestSignature
    ) throws(PackStoreError) -> ManifestRenewalOutcome {
        try write { db in
            guard try Int.fetchOne(db, sql: "SELECT max(version) FROM signedManifest") == expected else {
                return .renewedElsewhere
            }
            if let row = try Row.fetchOne(db, sql: "SELECT holder, expiresAt FROM signingLease WHERE id = 1") {
                let held = SigningLease(holder: row["holder"], until: row["expiresAt"])
                if held.holder != lease.holder && held.until > now { return .leaseHeld(held) }
            }
            try db.execute(
                sql: """
                    INSERT INTO signingLease (id, holder, expiresAt) VALUES (1, ?, ?)
                    ON CONFLICT(id) DO UPDATE SET holder = excluded.holder, expiresAt = excluded.expiresAt
                    """,
                arguments: [lease.holder, lease.until])
            return .signed(try Self.insertManifest(
                release: number, issuedAt: issuedAt, expiresAt: expiresAt, notBefore: notBefore, sign: sign, db))
        }
    }

    /// The signing lease as the index holds it; nil before any renewal.
    public func signingLease() throws(PackStoreError) -> SigningLease? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT holder, expiresAt FROM signingLease WHERE id = 1").map {
                SigningLease(holder: $0["holder"], until: $0["expiresAt"])
            }
        }
    }

    /// Freezes the draft into the next release and seals it (first signed manifest, documents) in one SQLite
    /// transaction: no reader ever sees the release unsealed, and a sealer that throws leaves no release.
    ///
    /// Refuses with `nothingToPublish` when the draft is identical to the latest release (or when there is no
    /// release yet and the draft is empty): a release number always means new content. Publishing an empty
    /// draft after a non-empty release is allowed — it is how every pack is withdrawn.
    public func publish(note: String = "", sealedBy sealer: some ReleaseSealer) throws(PackStoreError)
        -> (ReleaseSummary, StoredManifest)
    {
        try write { db in try Self.seal(try Self.publishDraft(note: note, db), with: sealer, db) }
    }

    /// Publishes a NEW release whose content equals release `number`, sealed like `publish`. The draft is left
    /// as it is (so the next `publish` makes the draft current again); refuses with `rollbackChangesNothing`
    /// when the latest release already has that content.
    public func rollback(to number: Int, note: String? = nil, sealedBy sealer: some ReleaseSealer)
        throws(PackStoreError) -> (ReleaseSummary, StoredManifest)
    {
        try write { db in try Self.seal(try Self.publishCopy(of: number, note: note, db), with: sealer, db) }
    }

    /// The documents stored with release `number` when it was published with `profile`, by name; nil when
    /// the release has none (published before they were kept) or they were made with other settings.
    public func releaseDocuments(release number: Int, profile: String) throws(PackStoreError) -> [String: [UInt8]]? {
        try read { db in
            // Read in place (`dataNoCopy`): the download manifest of 100,000 packs is some 30 MB, read on every
            // start-up and release swap.
            let rows = try Row.fetchCursor(
                db, sql: "SELECT name, profile, body FROM releaseDocument WHERE releaseNumber = ?", arguments: [number])
            var bodies: [String: [UInt8]] = [:]
            while let row = try rows.next() {
                guard row["profile"] as String == profile else { return nil }
                bodies[row["name"]] = try row.withUnsafeData(named: "body") { $0.map(Array.init) ?? [] }
            }
            return bodies.isEmpty ? nil : bodies
        }
    }

    private static func seal(_ release: ReleaseSummary, with sealer: some ReleaseSealer, _ db: Database) throws
        -> (ReleaseSummary, StoredManifest)
    {
        let packs = try releaseEntries(db, release: release.number)
        let version = try nextManifestVersion(db)
        let seal: ReleaseSeal
        do {
            seal = try sealer.seal(release, version: version, packs: packs)
        } catch {
            throw PackStoreError.signingFailed(reason: "\(error)")
        }
        for (name, body) in seal.documents.bodies {
            try ReleaseDocumentRecord(
                releaseNumber: release.number, name: name, profile: seal.documents.profile, body: Data(body)
            ).insert(db)
        }
        let manifest = try insert(
            seal.manifest, version: version, release: release.number, issuedAt: seal.issuedAt,
            expiresAt: seal.expiresAt, db)
        return (release, manifest)
    }

    private static func insertManifest(
        release number: Int, issuedAt: Int64, expiresAt: Int64, notBefore: Int64,
        sign: (_ version: Int, _ release: Int, _ packs: [PackEntry]) throws -> ManifestSignature, _ db: Database
    ) throws -> StoredManifest {
        let packs = try Self.releaseEntries(db, release: number)
        let version = try nextManifestVersion(db)
        let signature: ManifestSignature
        do {
            signature = try sign(version, number, packs)
        } catch {
            throw PackStoreError.signingFailed(reason: "\(error)")
        }
        return try insert(
            signature, version: version, release: number, issuedAt: issuedAt, expiresAt: expiresAt, notBefore: notBefore, db)
    }

    private static func nextManifestVersion(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT coalesce(max(version), 0) + 1 FROM signedManifest") ?? 1
    }

    private static func insert(
        _ signature: ManifestSignature, version: Int, release number: Int, issuedAt: Int64, expiresAt: Int64,
        notBefore: Int64? = nil, _ db: Database
    ) throws -> StoredManifest {
        let record = SignedManifestRecord(
            version: version, releaseNumber: number, issuedAt: issuedAt, expiresAt: expiresAt,
            keyId: signature.keyID, payload: Data(signature.payload), payloadSignature: Data(signature.payloadSignature),
            compactJWS: signature.compactJWS, profile: signature.profile, notBefore: notBefore)
        try record.insert(db)
        return record.stored
    }

    /// The newest signed manifest, or nil before the first signing.
    public func latestManifest() throws(PackStoreError) -> StoredManifest? {
        try read { db in
            let rows = try Row.fetchCursor(db, sql: "SELECT * FROM signedManifest ORDER BY version DESC LIMIT 1")
            return try rows.next().map { row in try SignedManifestRecord.stored(cursorRow: row) }
        }
    }

    /// Every stored manifest, oldest first, one at a time (each holds the whole release: they are not
    /// collected), in one read transaction. For `fsck`, which checks their signatures.
    public func forEachManifest(_ body: (StoredManifest) -> Void) throws(PackStoreError) {
        try read { db in
            let rows = try Row.fetchCursor(db, sql: "SELECT * FROM signedManifest ORDER BY version")
            while let row = try rows.next() { body(try SignedManifestRecord.stored(cursorRow: row)) }
        }
    }

    /// The newest manifest version, one primary-key lookup: cheap enough to poll.
    public func latestManifestVersion() throws(PackStoreError) -> Int? {
        try read { db in try Int.fetchOne(db, sql: "SELECT max(version) FROM signedManifest") }
    }
}
