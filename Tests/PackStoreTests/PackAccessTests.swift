import Foundation
import GRDB
@testable import PackStore
import Testing

/// A pack's access (docs/api.md "Private packs") is part of what a release freezes, like its policy.
@Suite struct PackAccessTests {
    @Test func accessIsFrozenByPublishRestoredByRollbackAndResetOnRevival() throws {
        let fixture = try TemporaryStore()
        let store = fixture.store
        try store.add(file: fixture.makeFile("a", text: "a"), id: "a")
        try store.add(file: fixture.makeFile("b", text: "b"), id: "b")
        #expect(try store.listDraft().map(\.access) == [.public, .public])
        try store.publish()

        // Changing only the access is a change worth a release.
        #expect(try store.set(id: "b", access: .private).access == .private)
        try store.publish()
        #expect(try store.listRelease(1).map(\.access) == [.public, .public])
        #expect(try store.listRelease(2).map(\.access) == [.public, .private])
        #expect(try store.loadSnapshot()?.packs["b"]?.access == .private)

        // A rollback brings back the access the release had.
        try store.rollback(to: 1)
        #expect(try store.listRelease(3).map(\.access) == [.public, .public])

        // Removed and added again, a pack starts from the defaults: public.
        try store.remove(id: "b")
        try store.add(file: fixture.makeFile("b2", text: "b two"), id: "b")
        #expect(try store.draftEntry(id: "b").access == .public)
    }

    /// Private bytes stay private at `/blobs` when the pack's bytes are replaced and in older releases; the
    /// same bytes published as a public pack are open. The draft's access counts only once published.
    @Test func privateDigestsCoverHistoryButNotPublicCopies() throws {
        let fixture = try TemporaryStore()
        let store = fixture.store
        let old = try store.add(file: fixture.makeFile("p1", text: "paid one"), id: "paid")
        try store.set(id: "paid", access: .private)
        try store.add(file: fixture.makeFile("free", text: "free"), id: "free")
        try store.publish()
        #expect(try store.loadSnapshot()?.privateDigests == [old.sha256])

        // New bytes for the private pack: both its versions need credentials.
        let new = try store.add(file: fixture.makeFile("p2", text: "paid two"), id: "paid")
        try store.publish()
        #expect(try store.loadSnapshot()?.privateDigests == [old.sha256, new.sha256])

        // Made private in the draft only: not yet private at /blobs (it is in no release); published, it is.
        let soon = try store.add(file: fixture.makeFile("d", text: "soon paid"), id: "soon")
        try store.set(id: "soon", access: .private)
        #expect(try store.loadSnapshot()?.privateDigests.contains(soon.sha256) == false)

        // The old paid bytes published again as a public pack: open.
        try store.add(file: fixture.makeFile("gift", text: "paid one"), id: "gift")
        try store.publish()
        let digests = try #require(try store.loadSnapshot()?.privateDigests)
        #expect(!digests.contains(old.sha256))
        #expect(digests.contains(new.sha256) && digests.contains(soon.sha256))
    }

    /// An index made before private packs (schema up to v7): every pack, in the draft and in each release,
    /// is public, and the draft still equals the release it was published as.
    @Test func migrationMakesEveryExistingPackPublic() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("packstore-migration-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let queue = try DatabaseQueue(path: root.appendingPathComponent("index.sqlite").path)
        try IndexSchema.migrator.migrate(queue, upTo: "v7: admin tokens")
        try queue.write { db in
            try db.execute(sql: """
                INSERT INTO pack (id, policy, contentType, currentVersion, latestVersion) VALUES ('a', 'on-demand', 'application/octet-stream', 1, 1);
                INSERT INTO packVersion (packId, version, sha256, size, createdAt, originalFilename) VALUES ('a', 1, 'abababababababababababababababababababababababababababababababab', 1, '2026-01-01 00:00:00.000', 'a');
                INSERT INTO release (number, createdAt, note, packCount, totalBytes) VALUES (1, '2026-01-01 00:00:00.000', '', 1, 1);
                INSERT INTO releasePack (releaseNumber, packId, version, sha256, size, tags, policy, fetchOrder, contentType, appleVersion)
                VALUES (1, 'a', 1, 'abababababababababababababababababababababababababababababababab', 1, '', 'on-demand', 0, 'application/octet-stream', 1);
                """)
        }
        try queue.close()
        let store = try PackStore(dataDirectory: root)
        #expect(try store.listDraft().map(\.access) == [.public])
        #expect(try store.listRelease(1).map(\.access) == [.public])
        #expect(try store.loadSnapshot()?.privateDigests == [])
        #expect(throws: PackStoreError.nothingToPublish(latestRelease: 1)) { try store.publish() }
        try store.set(id: "a", access: .private)
        #expect(try store.publish().number == 2)
        #expect(try store.listRelease(2).map(\.access) == [.private])
        #expect(try store.loadSnapshot()?.privateDigests == ["abababababababababababababababababababababababababababababababab"])
    }

    /// What the server keeps in memory for the download routes: the digests of the tokens with the scope,
    /// and no longer a revoked one's.
    @Test func tokenDigestsWithAScopeAreThoseOfItsTokensOnly() throws {
        let store = try TemporaryStore().store
        let (download, _) = try store.createToken(name: "dl", scopes: [.download, .read])
        let (upload, _) = try store.createToken(name: "up", scopes: [.upload])
        #expect(try store.tokenDigests(withScope: .download) == [Data(TokenSecret.digest(of: download))])
        #expect(try store.tokenDigests(withScope: .upload) == [Data(TokenSecret.digest(of: upload))])
        #expect(try store.tokenDigests(withScope: .publish).isEmpty)
        try store.revokeToken(name: "dl")
        #expect(try store.tokenDigests(withScope: .download).isEmpty)
    }

    @Test func unknownAccessIsRefusedInOneLine() {
        #expect(throws: PackStoreError.unknownAccess("secret")) { try PackAccess(parsing: "secret") }
        #expect(PackStoreError.unknownAccess("secret").description == #"unknown access "secret": use public or private"#)
    }
}
