import Foundation
import Manifest
import PackStore
import PackKitWire
import Testing

@testable import PackServer

/// `export DIR --base-url URL`: the release in the bucket layout, signed again for URL.
@Suite struct ReleaseExportTests {
    @Test func anExportIsSignedForItsBaseURLAndWhole() throws {
        let fixture = try BucketFixture()
        let (_, stored) = try fixture.publishRelease(seed: 1)
        let directory = fixture.root.appendingPathComponent("export").path
        let report = try ReleaseExport(
            store: fixture.store, configuration: fixture.configuration, signer: fixture.signer, now: { fixture.now }
        ).export(to: directory, release: nil, baseURL: "http://127.0.0.1:8000/static")
        #expect(report.version == stored.version && report.blobsSent == 3)

        let bucket = DirectoryBucket(root: directory)
        let layout = BucketLayout()
        #expect(try PointerClosure.missingKeys(in: bucket).isEmpty)
        let payload = try #require(try bucket.get(layout.manifestPayload(1, version: stored.version)))
        let signature = try #require(try bucket.get(layout.manifestSignature(1, version: stored.version)))
        let pinned = try PinnedKey(rawRepresentation: fixture.key.publicKey.rawBytes)
        let document = try ManifestVerifier(keys: [pinned]).verify(
            payload: payload, detachedSignature: signature, now: Date(timeIntervalSince1970: TimeInterval(fixture.now))
        ).manifest
        #expect(document.iss == "http://127.0.0.1:8000/static")
        #expect(document.packs.allSatisfy { $0.url?.hasPrefix("http://127.0.0.1:8000/static/blobs/sha256/") == true })
        let manifest = try #require(try bucket.get(layout.downloadManifest(1, name: "download-manifest")))
        #expect(String(decoding: manifest, as: UTF8.self).contains("http://127.0.0.1:8000/static/blobs/sha256/"))
        // The index keeps its own signing.
        #expect(try fixture.store.latestManifest() == stored)
    }

    /// A static host serves every file to anyone: a release with private packs is not exported, and nothing is
    /// written.
    @Test func aReleaseWithPrivatePacksIsRefused() throws {
        let fixture = try BucketFixture()
        for index in 0..<3 { try fixture.addPack("pack\(index)", byte: UInt8(index + 1)) }
        try fixture.store.set(id: "pack1", access: .private)
        _ = try fixture.signer.publish(note: "", in: fixture.store, now: fixture.now)
        let directory = fixture.root.appendingPathComponent("export").path
        #expect(throws: BucketPublishError.self) {
            try ReleaseExport(store: fixture.store, configuration: fixture.configuration, signer: nil)
                .export(to: directory, release: nil, baseURL: nil)
        }
        #expect(!FileManager.default.fileExists(atPath: directory))
    }
}
