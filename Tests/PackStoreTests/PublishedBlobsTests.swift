import Foundation
@testable import PackStore
import Testing

/// What `/blobs/sha256/{hex}` serves besides the current release's packs, and which of it needs credentials
/// (docs/api.md "Private packs"): only bytes a retained release lists; access as the newest such release says.
@Suite struct PublishedBlobsTests {
    /// Issue 19, item 4, as reported: add v1, set private, publish, add v2, rm, add v3, publish. v2 was never
    /// in a release, so it is not served by digest at all (it was public before: the version row made it
    /// known, and the revived pack is public); v1 stays served, with credentials.
    @Test func aVersionNoReleaseListsIsNotServedByDigest() throws {
        let fixture = try TemporaryStore()
        let store = fixture.store
        let v1 = try store.add(file: fixture.makeFile("v1", text: "one"), id: "a")
        try store.set(id: "a", access: .private)
        try store.publish()
        let v2 = try store.add(file: fixture.makeFile("v2", text: "two!"), id: "a")
        try store.remove(id: "a")
        let v3 = try store.add(file: fixture.makeFile("v3", text: "three"), id: "a")
        try store.publish()
        let draft = try store.add(file: fixture.makeFile("b", text: "draft only"), id: "b")

        let snapshot = try #require(try store.loadSnapshot())
        #expect(snapshot.packs["a"]?.sha256 == v3.sha256 && snapshot.packs["a"]?.access == .public)
        #expect(snapshot.otherBlobSizes == [v1.sha256: 3])
        #expect(snapshot.privateDigests == [v1.sha256])
        #expect(snapshot.otherBlobSizes[v2.sha256] == nil && snapshot.otherBlobSizes[draft.sha256] == nil)
    }

    /// A blob's access follows the newest retained release that lists it: open if any pack of that release
    /// lists it publicly, whatever older releases or the draft say; gone once gc prunes its releases.
    @Test func accessFollowsTheNewestReleaseThatListsTheBlob() throws {
        let fixture = try TemporaryStore()
        let store = fixture.store
        let opened = try store.add(file: fixture.makeFile("e", text: "made public later"), id: "e")
        try store.set(id: "e", access: .private)
        let closed = try store.add(file: fixture.makeFile("x", text: "made private later"), id: "x")
        try store.publish()
        try store.set(id: "e", access: .public)
        try store.set(id: "x", access: .private)
        let shared = try store.add(file: fixture.makeFile("p1", text: "both at once"), id: "p1")
        try store.set(id: "p1", access: .private)
        try store.add(file: fixture.makeFile("p2", text: "both at once"), id: "p2")
        try store.publish()
        for id in ["e", "x", "p1", "p2"] { try store.remove(id: id) }
        let kept = try store.add(file: fixture.makeFile("k", text: "kept"), id: "keep")
        try store.publish()
        // Made private in the draft only: the live release still lists it openly.
        try store.set(id: "keep", access: .private)

        let snapshot = try #require(try store.loadSnapshot())
        #expect(snapshot.packIDs == ["keep"])
        #expect(snapshot.otherBlobSizes == [opened.sha256: 17, closed.sha256: 18, shared.sha256: 12])
        #expect(snapshot.privateDigests == [closed.sha256], "newest listings: e public, x private, p1/p2 both")
        #expect(!snapshot.privateDigests.contains(kept.sha256))

        // Only release 3 retained: nothing of the earlier ones is served by digest any more.
        _ = try store.gc(keepReleases: 1)
        let pruned = try #require(try store.loadSnapshot())
        #expect(pruned.otherBlobSizes == [:] && pruned.privateDigests == [])
    }
}
