import Foundation
import GRDB
import PackStore
import ReleaseViews
import Testing

/// Round 3, finding 4: `restore` trusted the backup's rows. A digest of `../../.packserve/keys/manifest-signing.key`
/// with the right size made `serve` hand out the signing key at `/packs/{id}`, and a size of `Int64.max`
/// crashed `serve` on every start. Every row is now audited (`IndexAudit`) before a restore keeps it and
/// before `serve` loads a release; a bad row is one line naming it.
@Suite struct IndexAuditTests {
    static let keyPath = "../../.packserve/keys/manifest-signing.key"

    /// A backup of a store with one published release, tampered with by `sql`.
    private func tamperedBackup(_ sql: String) throws -> (TemporaryStore, String) {
        let fixture = try TemporaryStore()
        try fixture.store.add(file: fixture.makeFile("a", text: "a bytes"), id: "a", tags: ["t"])
        try fixture.store.publish(sealedBy: RecordingSealer())
        let backup = fixture.root.appendingPathComponent("backup.sqlite").path
        try fixture.store.backUpIndex(to: backup)
        let queue = try DatabaseQueue(path: backup)
        try queue.write { db in try db.execute(sql: sql) }
        try queue.close()
        return (fixture, backup)
    }

    @Test(arguments: [
        ("UPDATE releasePack SET sha256 = '\(keyPath)'",
         #"releasePack row release 1, pack 'a': sha256 '../../.packserve/keys/manifest-signing.key' is not 64 hex digits"#),
        ("UPDATE packVersion SET sha256 = '\(keyPath)'",
         #"packVersion row a version 1: sha256 '../../.packserve/keys/manifest-signing.key' is not 64 hex digits"#),
        ("UPDATE releasePack SET size = 9223372036854775807",
         "releasePack row release 1, pack 'a': size 9223372036854775807 is outside 0…1099511627776"),
        ("UPDATE packVersion SET size = -1", "packVersion row a version 1: size -1 is outside 0…1099511627776"),
        ("UPDATE releasePack SET sha256 = upper(sha256)",
         "releasePack row release 1, pack 'a': sha256 '"),
        ("UPDATE releasePack SET packId = '../x'", #"releasePack row release 1, pack '../x': pack id '../x' is not a valid id"#),
        ("UPDATE releasePack SET policy = 'sometimes'", "releasePack row release 1, pack 'a': policy 'sometimes' is not known"),
        ("UPDATE releasePack SET access = 'secret'", "releasePack row release 1, pack 'a': access 'secret' is not known"),
        ("UPDATE releasePack SET tags = 'a b'", "releasePack row release 1, pack 'a': tags 'a b' hold a character no tag has"),
        ("UPDATE releasePack SET appleVersion = -3", "releasePack row release 1, pack 'a': Apple version -3 is negative"),
        ("UPDATE releasePack SET contentType = 'text/html' || char(13) || char(10) || 'X: y'",
         #"content type "text/html\r\nX: y" is not a valid media type"#),
        ("UPDATE releasePack SET platforms = 'ios,windows'", #"platforms "ios,windows" names a platform PackServe does not know"#),
        (#"UPDATE "release" SET totalBytes = -5"#, "release row 1: total bytes -5 are out of range"),
        // Found by IndexRestoreFuzzer: tags stored as a blob passed the audit, then stopped the release's load.
        ("UPDATE releasePack SET tags = X'736f6fffff'", "releasePack row release 1, pack 'a': tags is blob, not text"),
        ("UPDATE releasePack SET version = 0", "releasePack row release 1, pack 'a': version 0 is below 1"),
        // Found by IndexRestoreFuzzer: a digest with a line break broke the one-line refusal.
        ("UPDATE releasePack SET sha256 = 'a' || char(10) || 'b'",
         #"releasePack row release 1, pack 'a': sha256 'a\nb' is not 64 hex digits"#),
    ])
    func aTamperedBackupIsRefusedNamingTheRow(sql: String, problem: String) throws {
        let (fixture, backup) = try tamperedBackup(sql)
        let target = fixture.root.appendingPathComponent("restored")
        do {
            try PackStore.restoreIndex(from: backup, into: target)
            Issue.record("restored a backup after \(sql)")
        } catch {
            #expect(error.description.hasPrefix("\(target.path)/index.sqlite cannot be trusted: \(problem)"), "\(error)")
        }
        // Nothing is left behind: the operator can restore a good backup into the same directory.
        #expect(!FileManager.default.fileExists(atPath: target.path + "/index.sqlite"))
        #expect(throws: Never.self) { try PackStore.restoreIndex(from: self.cleanBackup(fixture), into: target) }
    }

    private func cleanBackup(_ fixture: TemporaryStore) throws -> String {
        let path = fixture.root.appendingPathComponent("clean.sqlite").path
        try fixture.store.backUpIndex(to: path)
        return path
    }

    /// What `serve` does at start: the release it loads is checked row by row (not the whole index, which
    /// costs seconds for a million release rows), so an index edited in place is refused before it is served.
    @Test func aReleaseWithAnEditedRowIsNotLoaded() throws {
        let fixture = try TemporaryStore()
        try fixture.store.add(file: fixture.makeFile("a", text: "a bytes"), id: "a")
        try fixture.store.publish(sealedBy: RecordingSealer())
        try fixture.store.add(file: fixture.makeFile("b", text: "b bytes"), id: "b")
        try fixture.store.publish(sealedBy: RecordingSealer())
        let queue = try DatabaseQueue(path: fixture.dataDirectory.path + "/index.sqlite")
        // Release 1's row: served by digest from release 2 as one of its other blobs.
        try queue.write { db in try db.execute(sql: "UPDATE releasePack SET sha256 = '\(Self.keyPath)' WHERE releaseNumber = 1") }
        try queue.close()
        #expect(throws: PackStoreError.untrustworthyIndex(
            path: fixture.dataDirectory.path + "/index.sqlite",
            problem: #"release 2: blob "../../.packserve/keys/manifest-signing.key" is not 64 hex digits"#)) {
            try fixture.store.loadSnapshot()
        }
    }

    @Test func anEditedIndexFailsTheAudit() throws {
        let fixture = try TemporaryStore()
        try fixture.store.add(file: fixture.makeFile("a", text: "a bytes"), id: "a")
        try fixture.store.publish(sealedBy: RecordingSealer())
        #expect(throws: Never.self) { try fixture.store.auditIndex() }
        let queue = try DatabaseQueue(path: fixture.dataDirectory.path + "/index.sqlite")
        try queue.write { db in try db.execute(sql: "UPDATE releasePack SET size = 9223372036854775807") }
        try queue.close()
        #expect(throws: PackStoreError.untrustworthyIndex(
            path: fixture.dataDirectory.path + "/index.sqlite",
            problem: "releasePack row release 1, pack 'a': size 9223372036854775807 is outside 0…1099511627776")) {
            try fixture.store.auditIndex()
        }
    }

    /// What channels keep is read back through the parsers that wrote it: a channel name that would be a path,
    /// a range a release could not have, a floor or a view that does not parse.
    @Test(arguments: [
        ("UPDATE channel SET name = '../keys' WHERE name = 'beta'", #"channel: "../keys" is not a channel name"#),
        ("UPDATE \"release\" SET maxBuild = '1.x'", "release row 1: '1.x' is not a build: give one to three period-separated numbers, such as 1.10 or 42 (CFBundleVersion)"),
        ("UPDATE channelFloor SET floor = '5@1.0,3@2.0.0'", #"channelFloor: the floor of pack "a" in "beta" is malformed"#),
        ("UPDATE channelView SET segment = '0.0.0' WHERE channel = 'beta'", #"channelView: "0.0.0" names no run of builds"#),
        ("UPDATE channelView SET appleVersions = X'01020304050607' WHERE channel = 'beta'", "channelView: the Apple versions of view 0.0.0- do not fit release 1"),
        ("INSERT INTO buildChannel (point, build, channel) VALUES ('1.0.0', '2', 'beta')", #"buildChannel: "2" is not a build at its point"#),
    ])
    func anEditedChannelFailsTheAudit(_ edit: String, _ problem: String) throws {
        let fixture = try TemporaryStore()
        try fixture.store.add(file: fixture.makeFile("a", text: "a bytes"), id: "a")
        try fixture.store.publish(sealedBy: RecordingSealer())
        _ = try fixture.store.createChannel(ChannelName("beta")!, sealedBy: RecordingSealer())
        #expect(throws: Never.self) { try fixture.store.auditIndex() }
        let queue = try DatabaseQueue(path: fixture.dataDirectory.path + "/index.sqlite")
        try queue.write { db in try db.execute(sql: edit) }
        try queue.close()
        #expect(throws: PackStoreError.untrustworthyIndex(path: fixture.dataDirectory.path + "/index.sqlite", problem: problem)) {
            try fixture.store.auditIndex()
        }
    }
}
