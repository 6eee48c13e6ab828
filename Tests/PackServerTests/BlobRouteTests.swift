import Foundation
import HTTPServer
import PackStore
import Testing

@testable import PackServer

/// `/blobs/sha256/{hex}` serves only bytes a retained release lists (docs/api.md "Private packs", issue 19
/// item 4), called on the responder directly.
@Suite struct BlobRouteTests {
    let fixture: ResponderFixture

    init() throws {
        fixture = try ResponderFixture()
    }

    /// The steps: v1 private and published, v2 added and the pack removed, v3 added (public again) and
    /// published. v2's digest is known to the index but to no release: 404, not 200 without credentials.
    @Test func bytesNoReleaseListedAreNotFoundByDigest() throws {
        let store = fixture.store
        let v1 = try store.add(file: fixture.file("v1", "paid, first"), id: "paid")
        try store.set(id: "paid", access: .private)
        try fixture.publishAndServe()
        let v2 = try store.add(file: fixture.file("v2", "paid, never published"), id: "paid")
        try store.remove(id: "paid")
        let v3 = try store.add(file: fixture.file("v3", "open again"), id: "paid")
        try fixture.publishAndServe()
        let draft = try store.add(file: fixture.file("d", "draft only"), id: "draft")

        #expect(fixture.request("/blobs/sha256/\(v2.sha256)").status == .notFound)
        #expect(fixture.request("/blobs/sha256/\(v2.sha256)", method: .head).status == .notFound)
        #expect(fixture.request("/blobs/sha256/\(draft.sha256)").status == .notFound)
        #expect(fixture.request("/blobs/sha256/\(v1.sha256)").status == .forbidden, "release 1 lists it privately")
        #expect(fixture.request("/blobs/sha256/\(v3.sha256)").status == .ok)
        #expect(fixture.request("/blobs/sha256/\(fixture.tutorial.sha256)").status == .ok)
    }

    /// Access follows the newest release that lists the blob: bytes made public in a later release are open,
    /// bytes a later release made private need credentials, even once no release is current for them.
    @Test func accessFollowsTheNewestReleaseListingTheBlob() throws {
        let store = fixture.store
        let opened = try store.add(file: fixture.file("o", "opened later"), id: "opened")
        try store.set(id: "opened", access: .private)
        let closed = try store.add(file: fixture.file("c", "closed later"), id: "closed")
        try fixture.publishAndServe()
        try store.set(id: "opened", access: .public)
        try store.set(id: "closed", access: .private)
        try fixture.publishAndServe()
        try store.remove(id: "opened")
        try store.remove(id: "closed")
        try fixture.publishAndServe()

        let open = fixture.request("/blobs/sha256/\(opened.sha256)")
        #expect(open.status == .ok && open.headers["cache-control"] == "public, max-age=31536000, immutable")
        #expect(fixture.request("/blobs/sha256/\(closed.sha256)").status == .forbidden)
    }
}
