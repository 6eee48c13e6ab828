import Dispatch
import Foundation
import HTTPClient
import PackServeTesting
import PackServer
import PackStore
import Polling
import Synchronization
import Testing

/// Issue 23, replica mode (docs/object-storage.md "Replicas"), in-process on a manual clock: a replica follows
/// the bucket's pointer, goes live with a release exactly at its `notBefore` and only with its blobs local,
/// answers 503 while it is behind, never goes back to a lower version, retries failed copies, refuses a
/// release its cache cannot hold, reads on-demand blobs through once, and refuses the admin API.
@Suite struct ReplicaTests {
    struct Setup {
        /// The bucket's directory, removed when the test's setup goes.
        let scratch: ScratchDirectory
        let bucket: ControlledBucket
        let writer: BucketReleaseWriter
        let replica: InProcessReplica
        var now: Int64 { replica.clock.now }

        /// `/metrics` as the replica would answer it now.
        func metrics() -> String {
            String(decoding: replica.application.metrics?.exposition(now: now) ?? [], as: UTF8.self)
        }

        func version() async throws -> Int? {
            let response = try await replica.client.get("/manifest.json")
            return response.status == 200 ? response.object?["version"] as? Int : nil
        }
    }

    static func start(cacheMaxBytes: Int64 = 1 << 30, cacheDirectory: String? = nil, metrics: Bool = false) async throws -> Setup {
        let scratch = try ScratchDirectory("replica-bucket")
        let bucket = ControlledBucket(root: scratch.path)
        let overrides: [String: any Sendable] =
            metrics ? ["metrics": ["enabled": true, "listen": ["host": "127.0.0.1", "port": 0] as [String: any Sendable]] as [String: any Sendable]] : [:]
        let replica = try await InProcessReplica.start(
            bucket: bucket, cacheMaxBytes: cacheMaxBytes, cacheDirectory: cacheDirectory, overrides: overrides)
        return Setup(scratch: scratch, bucket: bucket, writer: BucketReleaseWriter(bucket: bucket), replica: replica)
    }

    static func pack(_ id: String, _ count: Int = 1000, policy: PackPolicy = .essential, access: PackAccess = .public)
        -> BucketReleaseWriter.Pack
    {
        BucketReleaseWriter.Pack(
            id: id, bytes: (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ id.utf8.count &+ Int(id.utf8.first ?? 0)) },
            policy: policy, access: access)
    }

    @Test func goesLiveAtNotBeforeAndNotASecondEarlier() async throws {
        let setup = try await Self.start()
        defer { Task { await setup.replica.stop() } }
        let now = setup.now
        try setup.writer.publish(release: 1, version: 1, packs: [Self.pack("a")], notBefore: now - 60, issuedAt: now - 60)
        setup.replica.poll()
        #expect(try await setup.version() == 1)
        #expect(try await setup.replica.client.get("/readyz").status == 200)

        let next = Self.pack("b", 2000)
        try setup.writer.publish(release: 2, version: 2, packs: [next], notBefore: now + 30, issuedAt: now)
        setup.replica.poll()
        // Copied ahead of its instant, and not served before it.
        #expect(setup.replica.application.cache.contains(next.sha256))
        #expect(try await setup.version() == 1)
        setup.replica.clock.advance(by: 29)
        #expect(try await setup.version() == 1)
        #expect(try await setup.replica.client.get("/packs/b").status == 404)
        // At the instant, without another poll.
        setup.replica.clock.advance(by: 1)
        #expect(try await setup.version() == 2)
        let bytes = try await setup.replica.client.get("/packs/b")
        #expect(bytes.status == 200 && Array(bytes.body) == next.bytes)
        #expect(bytes.entityTagValue == next.sha256)
    }

    @Test func aPointerBelowTheLiveVersionIsIgnored() async throws {
        let setup = try await Self.start()
        defer { Task { await setup.replica.stop() } }
        let now = setup.now
        let first = try setup.writer.publish(release: 1, version: 1, packs: [Self.pack("a")], notBefore: now - 60, issuedAt: now - 60)
        try setup.writer.publish(release: 2, version: 2, packs: [Self.pack("b")], notBefore: now - 10, issuedAt: now - 10)
        setup.replica.poll()
        #expect(try await setup.version() == 2)
        try setup.writer.point(to: first)
        setup.replica.poll()
        #expect(try await setup.version() == 2)
        #expect(try await setup.replica.client.get("/readyz").status == 200)
        #expect(setup.replica.log.messages.contains { $0.contains("ignoring the bucket's pointer to manifest version 1") })
    }

    @Test func behindADuePointerDocumentsAnswer503AndAFailedCopyIsRetried() async throws {
        let setup = try await Self.start(metrics: true)
        defer { Task { await setup.replica.stop() } }
        let now = setup.now
        let old = Self.pack("a")
        try setup.writer.publish(release: 1, version: 1, packs: [old], notBefore: now - 60, issuedAt: now - 60)
        setup.replica.poll()
        // The store goes away while release 2 is copied.
        setup.bucket.setCopiesFail(true)
        let new = Self.pack("b", 3000)
        try setup.writer.publish(release: 2, version: 2, packs: [Self.pack("a"), new], notBefore: now + 10, issuedAt: now)
        setup.replica.poll()
        #expect(!setup.replica.application.cache.contains(new.sha256))
        #expect(try await setup.version() == 1)
        setup.replica.clock.advance(by: 10)
        // Due elsewhere, not here: no document rather than an older one.
        for path in ["/manifest.json", "/manifest", "/download-manifest.json", "/releases", "/readyz"] {
            let response = try await setup.replica.client.get(path)
            #expect(response.status == 503 && response.headers["retry-after"] == "1", "\(path): \(response.status)")
        }
        // Bytes never change: they are still served.
        #expect(try await setup.replica.client.get("/blobs/sha256/\(old.sha256)").status == 200)
        setup.replica.clock.advance(by: 2)
        setup.replica.poll()
        #expect(try await setup.version() == nil)
        // Two polls, two failed copies; one version behind, for 2 s past the pointer's notBefore.
        let behind = setup.metrics()
        for line in ["packserve_replica_copy_failures_total 2", "packserve_replica_lag_versions 1", "packserve_replica_lag_seconds 2"] {
            #expect(behind.contains(line), "\(line) in \(behind)")
        }
        setup.bucket.setCopiesFail(false)
        setup.replica.poll()
        #expect(try await setup.version() == 2)
        let caughtUp = setup.metrics()
        for line in ["packserve_replica_lag_versions 0", "packserve_replica_lag_seconds 0", "packserve_replica_cache_bytes 4000"] {
            #expect(caughtUp.contains(line), "\(line) in \(caughtUp)")
        }
        #expect(try await setup.replica.client.get("/readyz").status == 200)
        #expect(Array(try await setup.replica.client.get("/packs/b").body) == new.bytes)
    }

    @Test func aReleaseTooLargeForTheCacheIsRefused() async throws {
        let setup = try await Self.start(cacheMaxBytes: 1500, metrics: true)
        defer { Task { await setup.replica.stop() } }
        let now = setup.now
        // 1000 + 1000 bytes to hold before going live; the on-demand one would not count.
        try setup.writer.publish(
            release: 1, version: 1, packs: [Self.pack("a"), Self.pack("b", policy: .prefetch), Self.pack("c", policy: .onDemand)],
            notBefore: now - 1, issuedAt: now - 1)
        setup.replica.poll()
        setup.replica.poll()
        #expect(try await setup.replica.client.get("/readyz").status == 503)
        #expect(setup.replica.log.messages.filter { $0.contains("refusing release 1") }.count == 1)
        let metrics = setup.metrics()
        #expect(metrics.contains("packserve_replica_refused_releases_total 1"), "\(metrics)")
        #expect(setup.replica.application.cache.heldBytes == 0)
    }

    @Test func anOnDemandBlobIsReadThroughByOneFetchForEveryWaitingRequest() async throws {
        let setup = try await Self.start()
        defer { Task { await setup.replica.stop() } }
        let now = setup.now
        let later = Self.pack("later", 50_000, policy: .onDemand)
        try setup.writer.publish(release: 1, version: 1, packs: [Self.pack("a"), later], notBefore: now - 1, issuedAt: now - 1)
        setup.replica.poll()
        #expect(try await setup.version() == 1)
        #expect(!setup.replica.application.cache.contains(later.sha256))

        setup.bucket.hold()
        // Six GETs at once, each on a thread of its own: Dispatch starts threads for blocking work about one a
        // second, which would make the requests arrive one by one.
        let url = try #require(URL(string: setup.replica.client.origin + "/blobs/sha256/\(later.sha256)"))
        let answers = Mutex<[(status: Int, body: [UInt8], failure: String?)]>([])
        let done = DispatchGroup()
        for _ in 0..<6 {
            done.enter()
            Thread.detachNewThread {
                defer { done.leave() }
                var body: [UInt8] = []
                do {
                    let status = try HTTPClient(userAgent: "replica-tests", timeout: 30).perform(
                        ClientRequest(url: url), body: { body += $0 }).status
                    answers.withLock { $0.append((status, body, nil)) }
                } catch {
                    answers.withLock { $0.append((0, body, "\(error)")) }
                }
            }
        }
        let waiting = try await Poll.until(within: .seconds(10)) {
            setup.replica.application.readThrough.waiters(of: later.sha256) == 6
        }
        setup.bucket.release()
        #expect(waiting)
        await withCheckedContinuation { finished in done.notify(queue: .global()) { finished.resume() } }
        let all = answers.withLock { $0 }
        // Status, length and the client's error of each answer in the message: it failed twice on a loaded
        // machine (2026-11-28) with every client getting no answer, and why is what the next look needs.
        #expect(
            all.count == 6 && all.allSatisfy { $0.status == 200 && $0.body == later.bytes },
            "\(all.map { "\($0.status)/\($0.body.count) \($0.failure ?? "")" }) waiting: \(waiting)")
        #expect(setup.bucket.downloadCount(BucketLayout().blob(later.sha256)) == 1)
        let range = try await setup.replica.client.get("/packs/later", headers: [("Range", "bytes=100-199")])
        #expect(range.status == 206 && Array(range.body) == Array(later.bytes[100..<200]))
    }

    @Test func theAdminAPIIsRefusedOnAReplica() async throws {
        let setup = try await Self.start()
        defer { Task { await setup.replica.stop() } }
        for (method, path) in [("GET", "/admin/releases"), ("POST", "/admin/publish"), ("GET", "/admin/")] {
            let response = method == "GET"
                ? try await setup.replica.client.get(path)
                : try await setup.replica.client.send(method, path, json: #"{"note":"x"}"#, headers: [("Authorization", "Bearer pst_x")])
            #expect(response.status == 403, "\(method) \(path)")
            #expect(response.headers["content-type"] == "application/problem+json")
            #expect(response.object?["detail"] as? String == "read-only replica")
        }
    }

    @Test func aReplicaMakesNoIndexNoKeyAndNoSampleCatalog() async throws {
        let setup = try await Self.start()
        defer { Task { await setup.replica.stop() } }
        try setup.writer.publish(release: 1, version: 1, packs: [Self.pack("a")], notBefore: setup.now - 1, issuedAt: setup.now - 1)
        setup.replica.poll()
        #expect(try await setup.version() == 1)
        // The data directory (index, signing key, URL-signing secret) is never created, though the
        // configuration allows generating keys.
        #expect(!FileManager.default.fileExists(atPath: setup.replica.directory.file("data")))
        #expect(try await setup.replica.client.get("/packs/level-1").status == 404)
    }

    @Test func downloadTokensAreReadFromTheBucketOnEachPoll() async throws {
        let setup = try await Self.start()
        defer { Task { await setup.replica.stop() } }
        let now = setup.now
        try setup.writer.writeDownloadTokens(["pst_replica-token"])
        try setup.writer.publish(
            release: 1, version: 1, packs: [Self.pack("paid", access: .private)], notBefore: now - 1, issuedAt: now - 1)
        setup.replica.poll()
        let bearer = [("Authorization", "Bearer pst_replica-token")]
        #expect(try await setup.replica.client.get("/packs/paid").status == 403)
        #expect(try await setup.replica.client.get("/packs/paid", headers: bearer).status == 200)
        try setup.writer.writeDownloadTokens([])
        setup.replica.poll()
        #expect(try await setup.replica.client.get("/packs/paid", headers: bearer).status == 403)
    }

    @Test func aRestartedReplicaServesFromTheCacheItLeft() async throws {
        let scratch = try ScratchDirectory("replica-cache")
        let cacheDirectory = scratch.path
        let first = try await Self.start(cacheDirectory: cacheDirectory)
        let now = first.now
        let pack = Self.pack("a", 4000)
        try first.writer.publish(release: 1, version: 1, packs: [pack], notBefore: now - 1, issuedAt: now - 1)
        first.replica.poll()
        await first.replica.stop()
        let key = BucketLayout().blob(pack.sha256)
        #expect(first.bucket.downloadCount(key) == 1)

        let replica = try await InProcessReplica.start(bucket: first.bucket, cacheDirectory: cacheDirectory)
        defer { Task { await replica.stop() } }
        replica.poll()
        #expect(first.bucket.downloadCount(key) == 1)
        #expect(Array(try await replica.client.get("/packs/a").body) == pack.bytes)
        withExtendedLifetime(scratch) {}
    }
}
