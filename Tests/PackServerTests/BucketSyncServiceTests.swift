import Foundation
import Logging
import PackStore
import ReleaseViews
import Testing

@testable import PackServer

/// The publisher `serve`'s bucket pass (`BucketSyncService`), one pass at a time on a directory bucket: it
/// completes the bucket at start-up, sends nothing while the index is unchanged, and follows a publish, a
/// renewal and a new `download` token; after a failure it waits for the retry interval, then completes.
@Suite struct BucketSyncServiceTests {
    let layout = BucketLayout()
    let logger = Logger(label: "bucket-sync") { _ in SwiftLogNoOpLogHandler() }

    func service(_ fixture: BucketFixture, _ bucket: any ObjectBucket) -> BucketSyncService {
        BucketSyncService(
            sync: BucketSync(store: fixture.store, bucket: bucket, configuration: fixture.configuration, now: { fixture.now }),
            logger: logger, retryInterval: .seconds(10))
    }

    func pointer(_ bucket: any ObjectBucket) throws -> BucketPointer? {
        try bucket.get(layout.pointer).map(BucketPointer.init(json:))
    }

    @Test func passesFollowTheIndex() async throws {
        let fixture = try BucketFixture()
        let (_, first) = try fixture.publishRelease(seed: 1)
        let bucket = fixture.directoryBucket()
        let counting = FailingBucket(bucket)
        let service = service(fixture, counting)

        // Start-up: the release the CLI published while no publisher ran reaches the bucket.
        #expect(await service.pass()?.pointer?.version == first.version)
        let writes = counting.writeCount
        #expect(await service.pass() == nil)
        #expect(counting.writeCount == writes)

        _ = try fixture.store.createToken(name: "phones", scopes: [.download])
        #expect(await service.pass()?.tokensSent == true)

        fixture.advance(60)
        let outcome = try fixture.signer.renew(
            .production, after: first.version, lease: SigningLease(holder: "test", until: fixture.now + 100),
            notBefore: fixture.now, in: fixture.store, now: fixture.now)
        guard case .signed(let signed) = outcome, let renewed = signed.first else { Issue.record("not signed: \(outcome)"); return }
        #expect(await service.pass()?.pointer?.version == renewed.version)

        let (release, _) = try fixture.publishRelease(seed: 2)
        #expect(await service.pass()?.pointer?.release == release.number)
        #expect(try PointerClosure.missingKeys(in: bucket).isEmpty)
    }

    @Test func aFailedPassIsRetriedAfterTheRetryInterval() async throws {
        let fixture = try BucketFixture()
        try fixture.publishRelease(seed: 1)
        let bucket = fixture.directoryBucket()
        let flaky = FailingBucket(bucket, writesAllowed: 2)
        let service = service(fixture, flaky)
        let start = ContinuousClock.now
        #expect(await service.pass(now: start) == nil)
        #expect(try pointer(bucket) == nil)

        flaky.allowWrites(.max)  // the bucket is back
        #expect(await service.pass(now: start + .seconds(5)) == nil)
        #expect(try pointer(bucket) == nil)
        #expect(await service.pass(now: start + .seconds(10))?.pointer?.release == 1)
        #expect(try PointerClosure.missingKeys(in: bucket).isEmpty)
    }
}
