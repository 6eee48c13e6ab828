import JSONText
import Manifest
import PackKitWire
import Testing

@Suite struct PackURLStyleTests {
    static let digest = String(repeating: "ab", count: 32)

    @Test(arguments: ["https://assets.example.com", "https://assets.example.com/"])
    func blobURLsAreContentAddressed(base: String) {
        #expect(PackURLStyle.blobs.url(baseURL: base, id: "level-1", sha256: Self.digest)
            == "https://assets.example.com/blobs/sha256/\(Self.digest)")
    }

    @Test func packURLsFollowApplesLayout() {
        #expect(PackURLStyle.packs.url(baseURL: "https://cdn.example.com/game", id: "level-1", sha256: Self.digest)
            == "https://cdn.example.com/game/packs/level-1")
    }

    @Test func canonicalJSONIsCompactSortedAndDoesNotEscapeSlashes() throws {
        let pack = PackDescriptor(
            id: "a", version: 1, url: "http://h/blobs/sha256/x", size: 3, sha256: "x", tags: ["t"],
            policy: .onDemand, order: 0, contentType: "application/zip")
        #expect(try CanonicalJSON.string(pack) == #"{"contentType":"application/zip","id":"a","order":0,"policy":"on-demand","sha256":"x","size":3,"tags":["t"],"url":"http://h/blobs/sha256/x","version":1}"#)
    }
}
