import Foundation
import PackStore
import Synchronization
import ReleaseViews
import Testing

@testable import PackServer

/// Publishing releases into a bucket (docs/object-storage.md "Publishing order"), in-process into directory
/// buckets: what lands where, the order that keeps every readable pointer whole whatever write fails, that a
/// second pass sends nothing, renewals, and the pointer never moving back.
@Suite struct BucketPublisherTests {
    let layout = BucketLayout()

    /// What the reader saw, from the bucket's write hook.
    final class Violations: Sendable {
        let list = Mutex<[String]>([])
    }

    @Test func aReleaseLandsUnderTheLayoutsKeysAndThePointerIsLast() throws {
        let fixture = try BucketFixture(prepareSeconds: 30)
        let (release, manifest) = try fixture.publishRelease(seed: 1)
        _ = try fixture.store.createToken(name: "phones", scopes: [.download])
        let bucket = fixture.directoryBucket()

        let report = try #require(try fixture.sync(bucket))
        #expect(report.blobsSent == 3 && report.blobsPresent == 0 && report.tokensSent)

        let pointer = try BucketPointer(json: try #require(try bucket.get(layout.pointer)))
        #expect(pointer.release == release.number && pointer.version == manifest.version)
        #expect(pointer.notBefore == fixture.now + 30)
        #expect(pointer.etag == ReleaseObjects.sha256Hex(manifest.payload))
        #expect(try bucket.get(layout.manifestPayload(1, version: manifest.version)) == manifest.payload)
        #expect(try bucket.get(layout.manifestSignature(1, version: manifest.version)) == manifest.payloadSignature)
        #expect(try bucket.get(layout.manifestJWS(1, version: manifest.version)) == (try manifest.compactJWS()))
        let record = try BucketRelease(json: try #require(try bucket.get(layout.releaseRecord(1))))
        #expect(record.packs.map(\.id) == ["pack0", "pack1", "pack2"])
        #expect(record.documents == ["download-manifest"])
        #expect(try PointerClosure.missingKeys(in: bucket).isEmpty)
        for pack in record.packs {
            #expect(try bucket.get(layout.blob(pack.sha256)) == [UInt8](repeating: pack.id == "pack0" ? 1 : pack.id == "pack1" ? 18 : 35, count: 1_000))
        }
        let tag = try #require(try bucket.get(layout.tagDocument(1, tag: "level")))
        #expect(String(decoding: tag, as: UTF8.self).contains("\"tag\":\"level\""))
        let tokens = try BucketDownloadTokens(json: try #require(try bucket.get(layout.downloadTokens)))
        #expect(tokens.digests == (try fixture.store.tokenDigests(withScope: .download)))
    }

    @Test func aSecondPassSendsNothing() throws {
        let fixture = try BucketFixture()
        try fixture.publishRelease(seed: 1)
        let bucket = fixture.directoryBucket()
        _ = try fixture.sync(bucket)
        let counting = FailingBucket(bucket)
        let again = try #require(try fixture.sync(counting))
        #expect(again.sentNothing)
        #expect(counting.writeCount == 0)
        #expect(again.blobsPresent == 3)
    }

    /// Release 1 is in the bucket; release 2 (three new blobs) is published, and the publisher dies after
    /// k writes, for every k. After each single write the bucket's pointers (the root one and production's
    /// channel pointer, written after it) must name only objects that are there; after the failure the root
    /// pointer names release 1 whole, or release 2 once it was written; a rerun completes release 2.
    @Test func aPublisherKilledAfterAnyWriteLeavesEveryReadablePointerWhole() throws {
        let fixture = try BucketFixture()
        try fixture.publishRelease(seed: 1)
        let base = fixture.directoryBucket("base")
        _ = try fixture.sync(base)
        try fixture.publishRelease(seed: 2)

        // How many writes a clean pass of release 2 takes.
        let cleanCopy = fixture.directoryBucket("clean")
        try FileManager.default.copyItem(atPath: base.root, toPath: cleanCopy.root)
        let clean = FailingBucket(cleanCopy)
        _ = try fixture.sync(clean)
        let total = clean.writeCount
        #expect(total >= 3 + 3 + 1)  // blobs, documents, the pointer at least

        let violations = Violations()
        for k in 0..<total {
            let bucket = fixture.directoryBucket("k\(k)")
            try FileManager.default.copyItem(atPath: base.root, toPath: bucket.root)
            let dying = FailingBucket(bucket, writesAllowed: k) { reader in
                let missing = (try? PointerClosure.missingKeys(in: reader)) ?? ["unreadable pointer"]
                if !missing.isEmpty { violations.list.withLock { $0.append("k=\(k): \(missing)") } }
            }
            #expect(throws: FailingBucket.killed) { try fixture.sync(dying) }
            let pointer = try BucketPointer(json: try #require(try bucket.get(layout.pointer)))
            #expect([1, 2].contains(pointer.release))
            #expect(try PointerClosure.missingKeys(in: bucket).isEmpty, "k=\(k): a pointer moved before everything was there")

            _ = try #require(try fixture.sync(bucket))
            #expect(try BucketPointer(json: try #require(try bucket.get(layout.pointer))).release == 2)
            #expect(try PointerClosure.missingKeys(in: bucket).isEmpty)
            #expect(try #require(try fixture.sync(FailingBucket(bucket))).sentNothing)
        }
        #expect(violations.list.withLock { $0 } == [])
    }

    @Test func aRenewalWritesANewManifestVersionAndANewerPointer() throws {
        let fixture = try BucketFixture(prepareSeconds: 30)
        let (_, first) = try fixture.publishRelease(seed: 1)
        let bucket = fixture.directoryBucket()
        let published = try #require(try fixture.sync(bucket)?.pointer)

        fixture.advance(10)
        let outcome = try fixture.signer.renew(
            .production, after: first.version, lease: SigningLease(holder: "test", until: fixture.now + 100),
            notBefore: fixture.now + 2, in: fixture.store, now: fixture.now)
        guard case .signed(let signed) = outcome, let renewed = signed.first else { Issue.record("not signed: \(outcome)"); return }
        let report = try #require(try fixture.sync(bucket))
        #expect(report.blobsSent == 0)
        #expect(report.documentsSent == 3)  // the new version's three forms, nothing else
        let pointer = try #require(report.pointer)
        #expect(pointer.version == renewed.version && pointer.version > published.version)
        // Still waiting for the release's own go-live instant: a renewal never goes live before it.
        #expect(pointer.notBefore == max(renewed.notBefore, published.notBefore))
        #expect(try bucket.get(layout.manifestPayload(1, version: renewed.version)) == renewed.payload)
        #expect(try bucket.get(layout.manifestPayload(1, version: first.version)) == first.payload)

        fixture.advance(100)
        let later = try fixture.signer.renew(
            .production, after: renewed.version, lease: SigningLease(holder: "test", until: fixture.now + 100),
            notBefore: fixture.now + 2, in: fixture.store, now: fixture.now)
        guard case .signed(let signed) = later, let third = signed.first else { Issue.record("not signed: \(later)"); return }
        #expect(try fixture.sync(bucket)?.pointer?.notBefore == third.notBefore)
    }

    @Test func aPointerIsNeverMovedBackwards() throws {
        let fixture = try BucketFixture()
        try fixture.publishRelease(seed: 1)
        let bucket = fixture.directoryBucket()
        let ahead = BucketPointer(
            release: 7, version: 99, etag: "", notBefore: 0, issuedAt: 0, expiresAt: 0, keyID: "", profile: "")
        try bucket.put(layout.pointer, bytes: try ahead.encoded(), contentType: "application/json")
        let counting = FailingBucket(bucket)
        #expect(throws: BucketPublishError.self) { try fixture.sync(counting) }
        #expect(counting.writeCount == 0)
        #expect(try bucket.get(layout.pointer) == (try ahead.encoded()))
    }

    @Test(arguments: [
        // (bucket pointer: release, version, notBefore; manifest: release, version, notBefore; decision)
        (nil, (1, 1, Int64(100)), PointerSchedule.Decision.write(notBefore: 1_030)),
        ((1, 1, Int64(1_030)), (2, 2, Int64(1_000)), .write(notBefore: 1_030)),
        ((1, 1, Int64(1_030)), (1, 2, Int64(1_002)), .write(notBefore: 1_030)),
        ((1, 1, Int64(900)), (1, 2, Int64(1_002)), .write(notBefore: 1_002)),
        ((1, 2, Int64(900)), (1, 2, Int64(900)), .upToDate),
        ((1, 3, Int64(900)), (1, 2, Int64(900)), .bucketAhead(version: 3, release: 1)),
    ] as [((Int, Int, Int64)?, (Int, Int, Int64), PointerSchedule.Decision)])
    func pointerSchedule(current: (Int, Int, Int64)?, manifest: (Int, Int, Int64), decision: PointerSchedule.Decision) {
        let current = current.map { Self.pointer($0.0, $0.1, $0.2) }
        let stored = StoredManifest(
            version: manifest.1, release: manifest.0, issuedAt: 0, expiresAt: 0, keyID: "", payload: [],
            payloadSignature: [], detachedJWS: "", profile: "", notBefore: manifest.2)
        #expect(PointerSchedule.decide(current: current, manifest: stored, etag: "e", now: 1_000, prepareSeconds: 30) == decision)
    }

    /// A rollout's step names no new release, yet admits other cohorts to other content: it is scheduled
    /// `prepareSeconds` ahead like a new release, so replicas switch at one instant; a renewal of the same
    /// step is not.
    @Test func aRolloutStepIsScheduledAheadLikeANewRelease() {
        let signing = { (version: Int, stage: String?, notBefore: Int64) in
            PointerSchedule.Signing(version: version, releases: [1, 2], etags: ["e"], notBefore: notBefore, rolloutStage: stage)
        }
        let running = signing(3, "2 running 50 7", 900)
        #expect(PointerSchedule.decide(current: running, signing: signing(4, "2 running 250 7", 990), now: 1_000, prepareSeconds: 30)
            == .write(notBefore: 1_030))
        #expect(PointerSchedule.decide(current: running, signing: signing(4, "2 halted 250 7", 990), now: 1_000, prepareSeconds: 30)
            == .write(notBefore: 1_030))
        #expect(PointerSchedule.decide(current: running, signing: signing(4, nil, 990), now: 1_000, prepareSeconds: 30)
            == .write(notBefore: 1_030), "finish and cancel too")
        #expect(PointerSchedule.decide(current: running, signing: signing(4, "2 running 50 7", 990), now: 1_000, prepareSeconds: 30)
            == .write(notBefore: 990), "a renewal of the same step")
    }

    /// The same version with other bytes is another index's: refused, not taken as up to date.
    @Test func theSameVersionWithOtherBytesIsRefused() {
        let stored = StoredManifest(
            version: 2, release: 1, issuedAt: 0, expiresAt: 0, keyID: "", payload: [], payloadSignature: [],
            detachedJWS: "", profile: "")
        let other = BucketPointer(release: 1, version: 2, etag: "x", notBefore: 0, issuedAt: 0, expiresAt: 0, keyID: "", profile: "")
        #expect(PointerSchedule.decide(current: other, manifest: stored, etag: "e", now: 0, prepareSeconds: 0) == .otherManifest(version: 2, release: 1))
    }

    static func pointer(_ release: Int, _ version: Int, _ notBefore: Int64) -> BucketPointer {
        BucketPointer(release: release, version: version, etag: "e", notBefore: notBefore, issuedAt: 0, expiresAt: 0, keyID: "", profile: "")
    }

    @Test func localStorageHasNoBucket() throws {
        #expect(try PackServeConfiguration().publishingBucket() == nil)
    }
}

/// The publisher's index backup rides with every pointer it writes (docs/deploying.md "Losing the publisher").
@Suite struct BucketIndexBackupTests {
    @Test func theBucketsBackupIsNeverOlderThanItsPointer() throws {
        let fixture = try BucketFixture()
        let bucket = fixture.directoryBucket()
        let layout = BucketLayout()
        for seed: UInt8 in 1...2 {
            try fixture.publishRelease(seed: seed)
            _ = try fixture.sync(bucket)
            let pointer = try BucketPointer(json: try #require(try bucket.get(layout.pointer)))
            let backup = FileManager.default.temporaryDirectory.appendingPathComponent("backup-\(UUID()).sqlite").path
            #expect(try bucket.download(layout.indexBackup, to: backup))
            let restored = FileManager.default.temporaryDirectory.appendingPathComponent("restored-\(UUID())")
            try PackStore.restoreIndex(from: backup, into: restored)
            let store = try PackStore(dataDirectory: restored)
            #expect(try store.latestManifestVersion() == pointer.version)
            #expect(try store.latestReleaseNumber() == pointer.release)
        }
        // A pass with nothing to publish writes no backup either.
        let counting = FailingBucket(bucket)
        _ = try fixture.sync(counting)
        #expect(counting.writeCount == 0)
    }
}
