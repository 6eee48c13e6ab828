import Foundation
import GRDB
import ReleaseViews

/// The one place a channel's views are planned and signed (docs/channels.md): every change to a channel —
/// publish, rollback, promote, create, a build mapped to it — ends here, inside its write transaction.
extension PackStore {
    /// Plans `channel`'s views from its history, chooses every pack's Apple version in each
    /// (`AppleVersionPlanner`), signs them all at the channel's next `version` (above `minimumVersion` too),
    /// and stores views, documents and manifests in place of the channel's previous ones.
    ///
    /// - Parameter newRelease: a release inserted by this transaction, whose provisional Apple versions are
    ///   corrected to the ones its first view serves.
    static func signChannel(
        _ channel: ChannelName, minimumVersion: Int = 0, newRelease: Int? = nil, sealer: some ChannelSealer,
        _ db: Database
    ) throws -> ChannelChange {
        let views = ChannelViews(history: try historyEntries(of: channel, db))
        let segments = views.segments
        var releases: [Int: PlannedRelease] = [:]
        for number in Set(segments.map(\.release)) { releases[number] = try PlannedRelease(number, db) }
        let previous = try PreviousView.load(of: channel, releases: &releases, db)

        var ids = Set<String>()
        for number in Set(segments.map(\.release)) { ids.formUnion(releases[number]!.indexByID.keys) }
        var state = try AppleVersionState(channel: channel, ids: ids, releases: Array(Set(segments.map(\.release))), db)

        // By segment: the Apple version of each pack of its release, in the release's id order.
        var viewVersions = segments.map { Array(repeating: 0, count: releases[$0.release]!.ids.count) }
        var raisedPacks = 0
        var raisedSegments = Set<Int>()
        for id in ids {
            let contents = segments.map { segment -> String? in
                let release = releases[segment.release]!
                return release.indexByID[id].map { release.contentKeys[$0] }
            }
            let plan = AppleVersionPlanner.plan(
                state.history(of: id), contents: contents, segments: segments, previous: previous.map { $0.serving(id) })
            state.record(plan, for: id)
            for (index, version) in plan.versions.enumerated() {
                guard let version else { continue }
                viewVersions[index][releases[segments[index].release]!.indexByID[id]!] = version
            }
            if plan.raised.contains(true) { raisedPacks += 1 }
            for (index, raised) in plan.raised.enumerated() where raised { raisedSegments.insert(index) }
        }
        try state.write(db)

        if let newRelease, let first = segments.firstIndex(where: { $0.release == newRelease }) {
            try releases[newRelease]!.correctAppleVersions(to: viewVersions[first], db)
        }

        let version = max(try channelVersion(channel, db), minimumVersion) + 1
        let blobs = viewVersions.map(AppleVersionsBlob.encode)
        let request = ChannelSealRequest(
            channel: channel, version: version,
            views: try zip(segments, zip(viewVersions, blobs)).map { segment, versions in
                var view = try releases[segment.release]!.view(segment, appleVersions: versions.0, db)
                view.storedDocuments = try storedDocuments(release: segment.release, appleVersions: versions.1, db)
                return view
            } + cohortViews(of: channel, db))
        let seal: ChannelSeal
        do {
            seal = try sealer.seal(request)
        } catch {
            throw PackStoreError.signingFailed(reason: "\(error)")
        }
        try storeViews(of: channel, segments: segments, versions: blobs, documents: seal.documents, db)
        try insertManifests(
            seal.manifests, for: request.views, channel: channel, version: version, issuedAt: seal.issuedAt,
            expiresAt: seal.expiresAt, notBefore: seal.issuedAt, db)
        try db.execute(
            sql: """
                INSERT INTO channelCounter (name, version) VALUES (?, ?)
                ON CONFLICT (name) DO UPDATE SET version = excluded.version
                """,
            arguments: [channel.text, version])
        let current = try currentRelease(of: channel, db) ?? segments.last?.release ?? 0
        return ChannelChange(
            channel: channel.text, version: version, release: current, views: segments.count, raisedPacks: raisedPacks,
            raisedViews: raisedSegments.count)
    }

    /// The views a running rollout's admitted cohorts read (none when no rollout runs), with the candidate's
    /// own Apple versions: cohort views serve no download manifest, so a rollout never plans one.
    static func cohortViews(of channel: ChannelName, _ db: Database) throws -> [SealedView] {
        guard let rollout = try RolloutRecord.fetchOne(db, key: channel.text)?.status(), rollout.admitsCandidate else {
            return []
        }
        var candidate = try PlannedRelease(rollout.candidate, db)
        let views = ChannelViews(
            history: try historyEntries(of: channel, db),
            candidate: ChannelHistoryEntry(release: rollout.candidate, builds: candidate.builds))
        return try views.segments.map { segment in
            var view = try candidate.view(segment, db)
            view.isCohortView = true
            return view
        }
    }

    /// The channel's history as `ChannelViews` reads it: retained releases only, oldest first, each with the
    /// range the index stores for it (read as untrusted input).
    static func historyEntries(of channel: ChannelName, _ db: Database) throws -> [ChannelHistoryEntry] {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT r.number, r.minBuild, r.maxBuild FROM channelHistory h JOIN release r ON r.number = h.releaseNumber
                WHERE h.channel = ? AND r.prunedAt IS NULL ORDER BY h.seq
                """,
            arguments: [channel.text])
        return try rows.map { row in
            ChannelHistoryEntry(release: row[0], builds: try storedRange(min: row[1], max: row[2], release: row[0]))
        }
    }

    static func storedRange(min: String?, max: String?, release: Int) throws -> BuildRange {
        do {
            return try BuildRange(min: min, max: max)
        } catch {
            throw PackStoreError.untrustworthyIndex(path: "index.sqlite", problem: "release \(release): \(error)")
        }
    }

    static func channelVersion(_ channel: ChannelName, _ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT version FROM channelCounter WHERE name = ?", arguments: [channel.text]) ?? 0
    }

    /// The release the channel points at: the last of its history.
    static func currentRelease(of channel: ChannelName, _ db: Database) throws -> Int? {
        try Int.fetchOne(
            db, sql: "SELECT releaseNumber FROM channelHistory WHERE channel = ? ORDER BY seq DESC LIMIT 1",
            arguments: [channel.text])
    }

    /// The documents the index holds for views of `release` with these Apple versions (`appleVersions` as
    /// stored), one set per profile and source.
    private static func storedDocuments(release: Int, appleVersions: Data, _ db: Database) throws -> [StoredDocuments] {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT d.profile, d.source, d.name, d.digest FROM channelView v
                JOIN viewDocument d ON d.channel = v.channel AND d.segment = v.segment
                WHERE v.releaseNumber = ? AND v.appleVersions = ? AND d.source IS NOT NULL AND d.source != ''
                """,
            arguments: [release, appleVersions])
        var sets: [[String]: [String: String]] = [:]
        for row in rows { sets[[row[0], row[1]], default: [:]][row[2]] = row[3] }
        return sets.map { StoredDocuments(profile: $0.key[0], source: $0.key[1], digests: $0.value) }
            .sorted { ($0.profile, $0.source) < ($1.profile, $1.source) }
    }

    /// Replaces the channel's views and their documents; bodies no view uses any more go.
    /// - Parameter versions: each view's Apple versions as stored (`AppleVersionsBlob`).
    private static func storeViews(
        of channel: ChannelName, segments: [ViewSegment], versions: [Data], documents: [String: ReleaseDocuments],
        _ db: Database
    ) throws {
        try db.execute(sql: "DELETE FROM channelView WHERE channel = ?", arguments: [channel.text])
        try db.execute(sql: "DELETE FROM viewDocument WHERE channel = ?", arguments: [channel.text])
        let insertDocument = try db.makeStatement(sql: """
            INSERT INTO viewDocument (channel, segment, name, profile, source, digest) VALUES (?, ?, ?, ?, ?, ?)
            """)
        for (segment, versions) in zip(segments, versions) {
            try db.execute(
                sql: "INSERT INTO channelView (channel, segment, releaseNumber, appleVersions) VALUES (?, ?, ?, ?)",
                arguments: [channel.text, segment.description, segment.release, versions])
            guard let documents = documents[segment.description] else { continue }
            func isStored(_ digest: String) throws -> Bool {
                try Bool.fetchOne(db, sql: "SELECT 1 FROM documentBody WHERE digest = ?", arguments: [digest]) != nil
            }
            var digests = documents.storedDigests
            for digest in digests.values where try !isStored(digest) {
                throw PackStoreError.signingFailed(reason: "the sealer named a stored document the index does not hold")
            }
            for (name, body) in documents.bodies {
                let digest = DocumentDigest.of(body)
                // Another channel reading the same release with the same versions may have stored it already;
                // binding the body only to have it ignored copied tens of megabytes.
                if try !isStored(digest) {
                    try db.execute(
                        sql: "INSERT INTO documentBody (digest, body) VALUES (?, ?)", arguments: [digest, Data(body)])
                }
                digests[name] = digest
            }
            for (name, digest) in digests {
                try insertDocument.execute(
                    arguments: [channel.text, segment.description, name, documents.profile, documents.source, digest])
            }
        }
        try db.execute(sql: "DELETE FROM documentBody WHERE digest NOT IN (SELECT digest FROM viewDocument)")
    }

    /// Stores one signed manifest per view and hands them back (in build order, without reading the bytes
    /// again); a view the signer left out fails the whole change. The channel's signings nobody reads any
    /// more go (`dropSupersededSignings`).
    @discardableResult
    static func insertManifests(
        _ signatures: [String: ManifestSignature], for views: [SealedView], channel: ChannelName, version: Int,
        issuedAt: Int64, expiresAt: Int64, notBefore: Int64, _ db: Database
    ) throws -> [StoredManifest] {
        let stored = try views.map { view in
            guard let signature = signatures[view.name] else {
                throw PackStoreError.signingFailed(reason: "no manifest was signed for the view \(view.name)")
            }
            let manifest = StoredManifest(
                channel: channel.text, view: view.name, version: version, release: view.segment.release,
                issuedAt: issuedAt, expiresAt: expiresAt, keyID: signature.keyID, payload: signature.payload,
                payloadSignature: signature.payloadSignature, detachedJWS: signature.detachedJWS,
                profile: signature.profile, notBefore: notBefore)
            try ChannelManifestRecord(manifest).insert(db)
            return manifest
        }
        try dropSupersededSignings(of: channel, db)
        return stored
    }
}
