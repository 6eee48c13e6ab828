import Foundation
import PackServeTesting
import PackStore
import ReleaseViews
import Testing

@testable import PackServer

/// Issue 34: channels in the bucket (docs/channels.md "Buckets") and a replica following them, in process (a
/// directory bucket, manual clocks): each channel's pointer and views, the build map, the root pointer kept
/// as production's view for clients that name no build, and a replica serving every view, going live at each
/// pointer's `notBefore` and dropping a removed channel.
@Suite struct ChannelBucketTests {
    let fixture: BucketFixture
    let bucket: DirectoryBucket
    let layout = BucketLayout()

    init() throws {
        fixture = try BucketFixture(prepareSeconds: 30)
        bucket = fixture.directoryBucket()
    }

    /// Release 1 on production; beta made at it, then release 2 on beta for builds from 1.10; build 3 mapped
    /// to beta; all synced.
    func publishTwoChannels() throws {
        try fixture.publishRelease(seed: 1)
        _ = try fixture.store.createChannel(ChannelName("beta")!, sealedBy: fixture.signer.sealing(now: fixture.now))
        try fixture.addPack("pack0", byte: 200)
        _ = try fixture.signer.publish(
            note: "beta", channel: ChannelName("beta")!, builds: try BuildRange(min: "1.10", max: nil), in: fixture.store,
            now: fixture.now)
        _ = try fixture.store.mapBuild(
            try AppBuild(parsing: "3"), to: ChannelName("beta")!, sealedBy: fixture.signer.sealing(now: fixture.now))
        _ = try fixture.sync(bucket)
    }

    @Test func eachChannelHasItsPointerAndViewsAndTheRootStaysProductions() throws {
        try publishTwoChannels()
        let root = try BucketPointer(json: try #require(try bucket.get(layout.pointer)))
        #expect(root.release == 1)
        let beta = try BucketChannelPointer(json: try #require(try bucket.get(layout.channelPointer("beta"))), key: "beta")
        #expect(beta.views.map(\.segment) == ["0.0.0-1.10.0", "1.10.0-"] && beta.views.map(\.release) == [1, 2])
        let production = try BucketChannelPointer(
            json: try #require(try bucket.get(layout.channelPointer("production"))), key: "production")
        #expect(production.version == root.version && production.views.map(\.etag) == [root.etag])
        for view in beta.views {
            let payload = try #require(try bucket.get(layout.viewManifestPayload("beta", version: beta.version, segment: view.segment)))
            #expect(ReleaseObjects.sha256Hex(payload) == view.etag)
            #expect(try bucket.get(layout.viewDownloadManifest("beta", version: beta.version, segment: view.segment, name: "download-manifest")) != nil)
        }
        #expect(try bucket.get(layout.releaseRecord(2)) != nil, "the record of a release only beta answers")
        let index = try BucketBuildMap(json: try #require(try bucket.get(layout.buildMap)), key: "builds.json")
        #expect(index.channels == ["beta", "production"])
        #expect(index.builds.map { "\($0.build)→\($0.channel)" } == ["3→beta"])
        // A second sync sends nothing more, and never moves a pointer.
        let before = try bucket.list(prefix: "").map(\.key)
        _ = try fixture.sync(bucket)
        #expect(try bucket.list(prefix: "").map(\.key) == before)
    }

    @Test func aReplicaServesEveryViewAndFollowsEachPointer() async throws {
        try publishTwoChannels()
        let replica = try await InProcessReplica.start(bucket: bucket, clock: ManualClock(unixSeconds: fixture.now))
        replica.poll()
        let client = replica.client
        func release(_ path: String) async throws -> Int? {
            try await client.get(path).object?["release"] as? Int
        }
        #expect(try await release("/manifest.json") == 1)
        #expect(try await release("/channels/beta/manifest.json") == 1)
        #expect(try await release("/channels/beta/builds/1.10/manifest.json") == 2)
        #expect(try await release("/builds/3/manifest.json") == 2, "the build map came from builds.json")
        #expect(try await release("/builds/2/manifest.json") == 1)
        #expect(try await client.get("/channels/beta/builds/2/packs/pack0").body == Data(repeating: 200, count: 1_000))
        #expect(try await client.get("/channels/nightly/manifest").status == 404)
        #expect(try await client.send("POST", "/reports", json: "{}").status == 405, "no publisherURL: no reports taken")

        // beta moves on: the replica copies at once and serves it from the pointer's notBefore, not before.
        let betaVersion = try await client.get("/channels/beta/manifest.json").object?["version"] as? Int ?? 0
        try fixture.addPack("pack1", byte: 201)
        _ = try fixture.signer.publish(
            note: "beta 2", channel: ChannelName("beta")!, builds: try BuildRange(min: "1.10", max: nil), in: fixture.store,
            now: fixture.now)
        _ = try fixture.sync(bucket)
        replica.poll()
        #expect(try await release("/channels/beta/builds/1.10/manifest.json") == 2, "not live before its notBefore")
        replica.clock.advance(by: 30)
        #expect(try await release("/channels/beta/builds/1.10/manifest.json") == 3)
        let newVersion = try await client.get("/channels/beta/manifest.json").object?["version"] as? Int ?? 0
        #expect(newVersion > betaVersion, "beta's version rose in every view at once")
        #expect(try await release("/manifest.json") == 1, "production did not move")

        // A removed channel stops being served (its builds mapped elsewhere first).
        _ = try fixture.store.mapBuild(
            try AppBuild(parsing: "3"), to: .production, force: true, sealedBy: fixture.signer.sealing(now: fixture.now))
        try fixture.store.removeChannel(ChannelName("beta")!)
        _ = try fixture.sync(bucket)
        #expect(try bucket.get(layout.channelPointer("beta")) == nil)
        replica.poll()
        #expect(try await client.get("/channels/beta/manifest").status == 404)
        #expect(try await release("/builds/3/manifest.json") == 1)
        await replica.stop()
    }

    /// A replica from before channels reads only the root pointer and `releases/`: it goes on serving
    /// production's view for clients that name no build, at production's newest signing.
    @Test func aReplicaThatReadsOnlyTheRootPointerKeepsServingProduction() async throws {
        try publishTwoChannels()
        try fixture.addPack("pack2", byte: 202)
        let (release, manifest) = try fixture.publishRelease(seed: 9)
        _ = try fixture.sync(bucket)
        let replica = try await InProcessReplica.start(
            bucket: RootOnlyBucket(inner: bucket), clock: ManualClock(unixSeconds: fixture.now + 30))
        replica.poll()
        let payload = try await replica.client.get("/manifest.json").object
        #expect(payload?["release"] as? Int == release.number && payload?["version"] as? Int == manifest.version)
        #expect(try await replica.client.get("/packs/pack2").status == 200)
        await replica.stop()
    }

    /// A channel whose essential and prefetch packs do not fit the cache is refused once (one line, one count),
    /// not at every poll; its lag shows on `/metrics` by channel, and the copies channels make are counted.
    @Test func aChannelTooLargeForTheCacheIsRefusedOnceAndShowsAsLag() async throws {
        try publishTwoChannels()
        // Production's three packs fit in 3,500 bytes; beta's views need release 1's and release 2's: 4,000.
        let replica = try await InProcessReplica.start(
            bucket: bucket, cacheMaxBytes: 3_500,
            overrides: ["metrics": ["enabled": true, "listen": ["host": "127.0.0.1", "port": 0] as [String: any Sendable]] as [String: any Sendable]],
            clock: ManualClock(unixSeconds: fixture.now))
        for _ in 0..<3 { replica.poll() }
        let beta = try BucketChannelPointer(json: try #require(try bucket.get(layout.channelPointer("beta"))), key: "beta")
        let refusals = replica.log.messages.filter { $0.contains("refusing manifest version \(beta.version) of channel beta") }
        #expect(refusals.count == 1, "\(replica.log.messages)")
        let metrics = String(decoding: replica.application.metrics?.exposition(now: fixture.now) ?? [], as: UTF8.self)
        #expect(metrics.contains("packserve_replica_refused_releases_total 1"), "\(metrics)")
        #expect(metrics.contains(#"packserve_replica_channel_lag_versions{channel="beta"} \#(beta.version)"#), "\(metrics)")
        #expect(metrics.contains(#"packserve_replica_channel_lag_versions{channel="production"} 0"#), "\(metrics)")
        #expect(metrics.contains("packserve_replica_copied_bytes_total 3000"), "production's three packs: \(metrics)")
        #expect(try await replica.client.get("/manifest.json").status == 200)
        #expect(try await replica.client.get("/channels/beta/manifest.json").status == 404)
        await replica.stop()
    }

    @Test func fsckStorageChecksEveryChannelAndFindsWhatIsMissing() throws {
        try publishTwoChannels()
        let scratch = fixture.root.appendingPathComponent("scratch").path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        let check = BucketCheck(store: fixture.store, bucket: bucket, configuration: fixture.configuration, scratchDirectory: scratch)
        #expect(try check.run().problems == [])
        let beta = try BucketChannelPointer(json: try #require(try bucket.get(layout.channelPointer("beta"))), key: "beta")
        let payload = layout.viewManifestPayload("beta", version: beta.version, segment: "1.10.0-")
        try bucket.delete(payload)
        try bucket.put(layout.channelPointer("production"), bytes: Array("{}".utf8), contentType: "application/json")
        let problems = try check.run().problems.map(\.description)
        #expect(problems.contains("\(payload): missing"), "\(problems)")
        #expect(problems.contains { $0.hasPrefix("channels/production/current.json: not a pointer") }, "\(problems)")
        // A sync puts back what is missing; the pointer it cannot read it refuses to move (another index's?).
        #expect(throws: BucketPublishError.self) { try fixture.sync(bucket) }
    }

    @Test func exportOfAChannelWritesItsReleaseWithItsManifest() throws {
        try publishTwoChannels()
        let directory = fixture.root.appendingPathComponent("export").path
        let report = try ReleaseExport(store: fixture.store, configuration: fixture.configuration, signer: fixture.signer)
            .export(to: directory, release: nil, channel: ChannelName("beta")!, baseURL: nil)
        #expect(report.release == 1, "beta's clients that name no build read release 1")
        let exported = DirectoryBucket(root: directory)
        let payload = try #require(try exported.get(layout.manifestPayload(1, version: report.version)))
        let document = try JSONSerialization.jsonObject(with: Data(payload)) as? [String: Any]
        #expect(document?["channel"] as? String == "beta")
        #expect(throws: PackStoreError.self) {
            try ReleaseExport(store: fixture.store, configuration: fixture.configuration, signer: nil)
                .export(to: directory + "-2", release: nil, channel: ChannelName("nightly")!, baseURL: nil)
        }
    }

    @Test func gcDropsAChannelsEarlierSigningsAndKeepsWhatItsPointerNames() throws {
        try publishTwoChannels()
        let first = try BucketChannelPointer(json: try #require(try bucket.get(layout.channelPointer("beta"))), key: "beta")
        try fixture.addPack("pack1", byte: 203)
        _ = try fixture.signer.publish(
            note: "beta 2", channel: ChannelName("beta")!, builds: try BuildRange(min: "1.10", max: nil), in: fixture.store,
            now: fixture.now)
        _ = try fixture.sync(bucket)
        let deletions = try BucketCollector(
            store: fixture.store, bucket: bucket, configuration: fixture.configuration, now: { fixture.now }
        ).run()
        let earlier = layout.channelVersionDirectory("beta", version: first.version)
        #expect(!deletions.channelKeys.isEmpty && deletions.channelKeys.allSatisfy { $0.hasPrefix(earlier) }, "\(deletions.channelKeys)")
        #expect(try bucket.list(prefix: earlier).isEmpty)
        #expect(try PointerClosure.missingKeys(in: bucket).isEmpty, "every pointer still names only what is there")
    }
}
