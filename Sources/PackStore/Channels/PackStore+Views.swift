import Foundation
import GRDB
import ReleaseViews

/// What a channel's views answer, as the index holds them since its last change.
extension PackStore {
    /// The channel's views, in build order; empty before its first release.
    public func views(of channel: ChannelName) throws(PackStoreError) -> ChannelViews {
        try read { db in try Self.storedViews(of: channel, db) }
    }

    /// The release `channel`'s view for `build` answers (nil: a client that names no build); nil when none does.
    public func answeringRelease(channel: ChannelName = .production, build: AppBuild? = nil) throws(PackStoreError) -> Int? {
        try views(of: channel).segment(for: build)?.release
    }

    /// The newest manifest of `channel`'s view for `build`; nil before the first signing.
    public func latestManifest(channel: ChannelName = .production, build: AppBuild? = nil) throws(PackStoreError)
        -> StoredManifest?
    {
        try read { db in
            guard let segment = try Self.storedViews(of: channel, db).segment(for: build) else { return nil }
            // One row: the other views' manifests are as large, and this is read on every change the watcher sees.
            let rows = try Row.fetchCursor(
                db, sql: "SELECT * FROM channelManifest WHERE channel = ? AND version = ? AND segment = ?",
                arguments: [channel.text, try Self.channelVersion(channel, db), segment.description])
            return try rows.next().map(ChannelManifestRecord.stored(cursorRow:))
        }
    }

    /// The documents stored for `channel`'s view `segment` when they were made with `profile`, by name; nil
    /// when the view has none or they were made with other settings.
    public func viewDocuments(channel: ChannelName, segment: ViewSegment, profile: String) throws(PackStoreError)
        -> [String: [UInt8]]?
    {
        guard let digests = try viewDocumentDigests(channel: channel, segment: segment, profile: profile) else { return nil }
        var bodies: [String: [UInt8]] = [:]
        for (name, digest) in digests {
            guard let body = try documentBody(digest: digest) else { return nil }
            bodies[name] = body
        }
        return bodies
    }

    /// The digests of the documents stored for `channel`'s view `segment` when they were made with `profile`,
    /// by name; nil when the view has none or they were made with other settings. Views whose documents are
    /// the same bytes (every view of one release, with blob URLs and the same Apple versions) name the same
    /// digests: a server reads each body once (`documentBody`).
    public func viewDocumentDigests(channel: ChannelName, segment: ViewSegment, profile: String) throws(PackStoreError)
        -> [String: String]?
    {
        try read { db in
            let rows = try Row.fetchAll(
                db, sql: "SELECT name, profile, digest FROM viewDocument WHERE channel = ? AND segment = ?",
                arguments: [channel.text, segment.description])
            guard !rows.isEmpty, rows.allSatisfy({ $0["profile"] as String == profile }) else { return nil }
            return Dictionary(uniqueKeysWithValues: rows.map { ($0["name"] as String, $0["digest"] as String) })
        }
    }

    /// A stored document's bytes by digest, nil when none is stored.
    public func documentBody(digest: String) throws(PackStoreError) -> [UInt8]? {
        try read { db in
            // Read in place (`dataNoCopy`): the download manifest of 100,000 packs is some 30 MB, read on every
            // start-up and channel change.
            let rows = try Row.fetchCursor(db, sql: "SELECT body FROM documentBody WHERE digest = ?", arguments: [digest])
            guard let row = try rows.next() else { return nil }
            return try row.withUnsafeData(named: "body") { $0.map(Array.init) ?? [] }
        }
    }

    /// The packs of `channel`'s view `segment`, sorted by id, with the view's Apple versions.
    public func viewEntries(channel: ChannelName, segment: ViewSegment) throws(PackStoreError) -> [PackEntry] {
        try read { db in
            var entries = try Self.releaseEntries(db, release: segment.release)
            let blob = try Data.fetchOne(
                db, sql: "SELECT appleVersions FROM channelView WHERE channel = ? AND segment = ?",
                arguments: [channel.text, segment.description])
            let versions = try AppleVersionsBlob.stored(
                blob, own: entries.map(\.appleVersion), channel: channel, view: segment.description)
            for index in entries.indices { entries[index].appleVersion = versions[index] }
            return entries
        }
    }

    /// The Apple versions of `channel`'s view `segment`, one per pack of its release in id order (`packCount`
    /// of them); nil when the view keeps its release's own. What a server needs to load a view of a release it
    /// already holds, without reading the release's packs again.
    public func viewAppleVersions(channel: ChannelName, segment: ViewSegment, packCount: Int) throws(PackStoreError)
        -> [Int]?
    {
        try read { db in
            let blob = try Data.fetchOne(
                db, sql: "SELECT appleVersions FROM channelView WHERE channel = ? AND segment = ?",
                arguments: [channel.text, segment.description])
            guard let blob else { return nil }
            guard let versions = blob.withUnsafeBytes({ AppleVersionsBlob.decode($0, count: packCount) }) else {
                throw PackStoreError.untrustworthyIndex(
                    path: "index.sqlite",
                    problem: "channel \(channel), view \(segment): Apple versions do not fit the release")
            }
            return versions
        }
    }

    /// Production's documents for clients that name no build, when that view answers release `number`: what a
    /// server without views serves (every URL without a prefix).
    public func plainViewDocuments(release number: Int, profile: String) throws(PackStoreError) -> [String: [UInt8]]? {
        guard let segment = try views(of: .production).segment(for: nil), segment.release == number else { return nil }
        return try viewDocuments(channel: .production, segment: segment, profile: profile)
    }

    /// `channel`'s newest manifest version, nil before its first signing: one lookup, cheap enough to poll.
    public func latestManifestVersion(of channel: ChannelName = .production) throws(PackStoreError) -> Int? {
        try read { db in
            let version = try Self.channelVersion(channel, db)
            return version == 0 ? nil : version
        }
    }

    static func storedViews(of channel: ChannelName, _ db: Database) throws -> ChannelViews {
        let rows = try Row.fetchAll(
            db, sql: "SELECT segment, releaseNumber FROM channelView WHERE channel = ?", arguments: [channel.text])
        let segments = try rows.map { row in
            let name: String = row[0]
            guard let segment = ViewSegment(named: Substring(name), release: row[1]) else {
                throw PackStoreError.untrustworthyIndex(
                    path: "index.sqlite", problem: "channel \(channel): '\(name)' names no run of builds")
            }
            return segment
        }
        return ChannelViews(segments: segments.sorted { $0.lower < $1.lower })
    }
}
