import Foundation
import PackStore
import Testing

@Suite struct BucketLayoutTests {
    @Test func keysSitUnderThePrefixWithOneSlash() {
        let layout = BucketLayout(prefix: "catalog")
        #expect(layout.pointer == "catalog/current.json")
        #expect(layout.blob(String(repeating: "a", count: 64)) == "catalog/blobs/sha256/" + String(repeating: "a", count: 64))
        #expect(layout.manifestPayload(3, version: 7) == "catalog/releases/3/manifests/7/manifest.json")
        #expect(layout.downloadManifest(3, name: "download-manifest-ios") == "catalog/releases/3/download-manifest-ios.json")
        #expect(BucketLayout(prefix: "catalog/").prefix == "catalog/")
        #expect(BucketLayout().pointer == "current.json")
    }

    @Test func blobKeysGiveBackOnlyWellFormedDigests() {
        let layout = BucketLayout()
        let hex = String(repeating: "0f", count: 32)
        #expect(layout.sha256(ofBlobKey: layout.blob(hex)) == hex)
        #expect(layout.sha256(ofBlobKey: layout.blob(hex.uppercased())) == nil)
        #expect(layout.sha256(ofBlobKey: layout.blob(String(hex.dropLast()))) == nil)
        #expect(layout.sha256(ofBlobKey: layout.pointer) == nil)
    }

    @Test func releaseKeysNameTheirRelease() {
        let layout = BucketLayout(prefix: "p/")
        #expect(layout.release(ofKey: layout.manifestJWS(12, version: 40)) == 12)
        #expect(layout.release(ofKey: layout.releaseRecord(3)) == 3)
        #expect(layout.release(ofKey: layout.pointer) == nil)
        #expect(layout.release(ofKey: "p/releases/x/release.json") == nil)
    }

    @Test func pointerAndReleaseRecordReadBackEqual() throws {
        let pointer = BucketPointer(
            release: 3, version: 7, etag: String(repeating: "e", count: 64), notBefore: 1_700_000_030,
            issuedAt: 1_700_000_000, expiresAt: 1_700_604_800, keyID: "k1", profile: "base=https://a")
        #expect(try BucketPointer(json: pointer.encoded()) == pointer)
        let record = BucketRelease(
            release: 3, createdAt: Date(timeIntervalSince1970: 1_700_000_000.123), note: "n",
            packs: [PackEntry(id: "a", version: 1, size: 5, sha256: String(repeating: "1", count: 64), tags: ["t"],
                policy: .essential, order: 0, contentType: "application/octet-stream"),
                PackEntry(id: "b", version: 2, size: 9, sha256: String(repeating: "2", count: 64), tags: [],
                policy: .onDemand, order: 1, contentType: "application/zip")],
            history: [], otherBlobs: [String(repeating: "3", count: 64): 4], privateDigests: [],
            documentsProfile: "base=https://a packURLs=blobs", documents: ["download-manifest"])
        let decoded = try BucketRelease(json: record.encoded())
        #expect(decoded.packs == record.packs)
        #expect(decoded.createdAt.timeIntervalSince1970 * 1000 == 1_700_000_000_123)
        #expect(try decoded.encoded() == record.encoded())
        #expect(record.blobsNeededBeforeLive == [String(repeating: "1", count: 64): 5])
        #expect(record.allBlobs.count == 3)
    }
}
