import Foundation
import GRDB
import ReleaseViews

/// Signed manifests: numbering and keeping them is the index's job, so that each channel's `version` grows by
/// one on every signing, across processes and restarts (docs/channels.md "Versions never fall").
extension PackStore {
    /// Freezes the draft into the next release, points `channel` at it and signs the channel's views, in one
    /// SQLite transaction: no reader ever sees the release unsigned, and a sealer that throws leaves no release.
    ///
    /// Refuses with `nothingToPublish` when the draft and `builds` are what the channel's release already has
    /// (or when there is no release yet and the draft is empty): a release number always means a change.
    /// Publishing an empty draft after a non-empty release is allowed — it is how every pack is withdrawn.
    @discardableResult
    public func publish(
        note: String = "", channel: ChannelName = .production, builds: BuildRange = .all,
        sealedBy sealer: some ChannelSealer
    ) throws(PackStoreError) -> (ReleaseSummary, ChannelChange) {
        try write { db in
            try Self.requireChannel(channel, db)
            try Self.requireNoLiveRollout(channel, db)
            let release = try Self.publishDraft(note: note, channel: channel, builds: builds, db)
            try Self.point(channel, at: release.number, action: .publish, db)
            return (release, try Self.signChannel(channel, newRelease: release.number, sealer: sealer, db))
        }
    }

    /// Publishes a NEW release whose content and build range equal release `number`'s, points `channel` at it
    /// and signs, like `publish`. The draft is left as it is; refuses with `rollbackChangesNothing` when the
    /// channel's release already has that content and range.
    @discardableResult
    public func rollback(
        to number: Int, channel: ChannelName = .production, note: String? = nil, sealedBy sealer: some ChannelSealer
    ) throws(PackStoreError) -> (ReleaseSummary, ChannelChange) {
        try write { db in
            try Self.requireChannel(channel, db)
            try Self.requireNoLiveRollout(channel, db)
            let release = try Self.publishCopy(of: number, channel: channel, note: note, db)
            try Self.point(channel, at: release.number, action: .rollback, db)
            return (release, try Self.signChannel(channel, newRelease: release.number, sealer: sealer, db))
        }
    }

    /// Signs every view of `channel` again under the signing lease, in one write transaction: only when the
    /// channel's newest version is still `expected` (no other process renewed since the caller looked) and no
    /// other holder's lease runs past `now`. Takes or extends the lease to `lease.until`. The new manifests go
    /// live at `notBefore` on every process. `sign` gets the new version and the views (their packs without
    /// Apple versions, which no signed manifest holds).
    public func renewChannel(
        _ channel: ChannelName, after expected: Int?, lease: SigningLease, now: Int64, issuedAt: Int64,
        expiresAt: Int64, notBefore: Int64,
        sign: (_ version: Int, _ views: [SealedView]) throws -> [String: ManifestSignature]
    ) throws(PackStoreError) -> ManifestRenewalOutcome {
        try write { db in
            let current = try Self.channelVersion(channel, db)
            guard current == expected ?? 0 else { return .renewedElsewhere }
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
            let segments = try Self.storedViews(of: channel, db).segments
            var releases: [Int: PlannedRelease] = [:]
            for number in Set(segments.map(\.release)) { releases[number] = try PlannedRelease(number, db) }
            let version = current + 1
            let signatures: [String: ManifestSignature]
            let views = try segments.map { try releases[$0.release]!.view($0, db) } + Self.cohortViews(of: channel, db)
            do {
                signatures = try sign(version, views)
            } catch {
                throw PackStoreError.signingFailed(reason: "\(error)")
            }
            let signed = try Self.insertManifests(
                signatures, for: views, channel: channel, version: version, issuedAt: issuedAt, expiresAt: expiresAt,
                notBefore: notBefore, db)
            try db.execute(sql: "UPDATE channelCounter SET version = ? WHERE name = ?", arguments: [version, channel.text])
            return .signed(signed)
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

    /// `channel`'s newest signing: one manifest per view, by segment (`ViewSegment.description`); empty before
    /// the first.
    public func latestManifests(of channel: ChannelName = .production) throws(PackStoreError) -> [String: StoredManifest] {
        try read { db in
            let manifests = try Self.manifests(of: channel, version: Self.channelVersion(channel, db), db)
            return Dictionary(uniqueKeysWithValues: manifests.map { ($0.view, $0) })
        }
    }

    /// The newest signing of every view of `channel`, by view, without the signed bytes (`manifest(…)` reads
    /// those): what a server needs to know about a channel at once; the bytes of a view are read when it is
    /// first asked for (some 50 MB per view of 100,000 packs).
    public func latestManifestHeaders(of channel: ChannelName) throws(PackStoreError) -> [String: StoredManifest] {
        try read { db in
            let rows = try Row.fetchAll(
                db,
                sql: "SELECT \(ChannelManifestRecord.headerColumns) FROM channelManifest WHERE channel = ? AND version = ?",
                arguments: [channel.text, try Self.channelVersion(channel, db)])
            return Dictionary(uniqueKeysWithValues: rows.map { ($0["segment"] as String, ChannelManifestRecord.header(row: $0)) })
        }
    }

    /// The signed bytes of one signing of one view, as stored, read in place without decoding the payload;
    /// nil when the index holds it no more.
    public func manifestBytes(channel: ChannelName, version: Int, view: String) throws(PackStoreError)
        -> (payload: [UInt8], signature: [UInt8], detachedJWS: String)?
    {
        try read { db in
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT payloadSignature, detachedJWS, payload FROM channelManifest
                    WHERE channel = ? AND version = ? AND segment = ?
                    """,
                arguments: [channel.text, version, view])
            guard let row = try rows.next() else { return nil }
            func bytes(_ column: String) throws -> [UInt8] { try row.withUnsafeData(named: column) { $0.map(Array.init) ?? [] } }
            return (try bytes("payload"), try bytes("payloadSignature"), row["detachedJWS"])
        }
    }

    static func manifests(of channel: ChannelName, version: Int, _ db: Database) throws -> [StoredManifest] {
        let rows = try Row.fetchCursor(
            db, sql: "SELECT * FROM channelManifest WHERE channel = ? AND version = ? ORDER BY segment",
            arguments: [channel.text, version])
        var manifests: [StoredManifest] = []
        while let row = try rows.next() { manifests.append(try ChannelManifestRecord.stored(cursorRow: row)) }
        return manifests
    }

    /// Every stored manifest, oldest first within each channel, one at a time (each holds a whole release: they
    /// are not collected), in one read transaction. For `fsck`, which checks their signatures.
    public func forEachManifest(_ body: (StoredManifest) -> Void) throws(PackStoreError) {
        try read { db in
            let rows = try Row.fetchCursor(db, sql: "SELECT * FROM channelManifest ORDER BY channel, version, segment")
            while let row = try rows.next() { body(try ChannelManifestRecord.stored(cursorRow: row)) }
        }
    }

    /// Each channel's newest signing as one small row (no payload): what a renewal decides by, cheap enough
    /// to read on every poll.
    public func signingStates() throws(PackStoreError) -> [ChannelSigningState] {
        try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT m.channel, m.version, m.releaseNumber, m.issuedAt, m.expiresAt, m.profile
                    FROM channelManifest m
                    JOIN channelCounter k ON k.name = m.channel AND k.version = m.version
                    JOIN channel c ON c.name = m.channel
                    GROUP BY m.channel ORDER BY m.channel
                    """
            ).map { row in
                ChannelSigningState(
                    channel: row[0], version: row[1], release: row[2], issuedAt: row[3], expiresAt: row[4], profile: row[5])
            }
        }
    }

    /// Each channel's newest manifest version, one small scan: cheap enough to poll every 250 ms.
    public func channelVersions() throws(PackStoreError) -> [String: Int] {
        try read { db in
            Dictionary(uniqueKeysWithValues: try Row.fetchAll(
                db, sql: "SELECT k.name, k.version FROM channelCounter k JOIN channel c ON c.name = k.name"
            ).map { ($0[0] as String, $0[1] as Int) })
        }
    }
}
