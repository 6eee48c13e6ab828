import Foundation
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

    /// Private bytes stay private at `/blobs` when the pack's bytes are replaced, before the draft is
    /// published, and in older releases; the same bytes published as a public pack are open.
    @Test func privateDigestsCoverHistoryAndDraftButNotPublicCopies() throws {
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

        // Made private in the draft only: already private at /blobs, though the release says public.
        let draftOnly = try store.add(file: fixture.makeFile("d", text: "soon paid"), id: "soon")
        try store.set(id: "soon", access: .private)
        #expect(try store.loadSnapshot()?.privateDigests.contains(draftOnly.sha256) == true)

        // The old paid bytes published again as a public pack: open.
        try store.add(file: fixture.makeFile("gift", text: "paid one"), id: "gift")
        try store.publish()
        let digests = try #require(try store.loadSnapshot()?.privateDigests)
        #expect(!digests.contains(old.sha256))
        #expect(digests.contains(new.sha256) && digests.contains(draftOnly.sha256))
    }

    @Test func unknownAccessIsRefusedInOneLine() {
        #expect(throws: PackStoreError.unknownAccess("secret")) { try PackAccess(parsing: "secret") }
        #expect(PackStoreError.unknownAccess("secret").description == #"unknown access "secret": use public or private"#)
    }
}
