import Crypto
import Dispatch
import Foundation
import Glibc
import HTTPClient
import ObjectStorage
import PackServer
import PackStore
import Polling
import Synchronization
import Testing

extension ObjectStorageEndToEnd {
    /// Issue 23's topology, every process real: one Ceph RGW, a publisher `packserve serve` (releases published
    /// by the CLI on its data directory), two `packserve serve --replica`, each in a network namespace of its own
    /// reached over a veth pair, and HAProxy balancing round-robin over them. Proves that both replicas follow a
    /// publish (the time measured and printed), agree on `version` and ETags, that 20 ranged downloads survive a
    /// SIGKILL of one replica by resuming with Range + If-Range on the other, that a round-robin client never
    /// sees `version` fall across 5 publishes, and that a gateway restarted during a replica's copy only delays
    /// its go-live.
    @Suite(.enabled(if: NetworkNamespace.isAvailable, "needs HAProxy and root for network namespaces"))
    struct ReplicaTopologyTests {
        static let prepareSeconds = 2

        @Test func replicasFollowThePublisherAndAgree() async throws {
            try await Self.run(on: try #require(RGWCluster.current))
        }

        static func run(on cluster: RGWCluster) async throws {
            let started = ContinuousClock.now
            let client = try cluster.freshBucket()
            let bucketName = client.configuration.bucket
            let bucket = S3ObjectBucket(client: client)
            let publisher = try PublisherWorkspace(cluster: cluster, bucket: bucketName)
            try Self.setPrepareSeconds(prepareSeconds, in: publisher.configPath)
            // The publisher's own server; the CLI publishes on its data directory.
            let publisherServe = try publisher.spawn(["serve", "--port", "0"])
            defer { _ = publisherServe.kill9() }
            let big = 4 << 20
            try publish(publisher, ["big": (big, 1), "small": (10_000, 2)])

            // The topology: two namespaces with addresses of their own, HAProxy in front and forwarding the gateway.
            let tag = String(UInt32.random(in: 0 ... .max), radix: 36).prefix(6)
            let subnet = "10.\(Int.random(in: 64...250)).\(Int.random(in: 0...250))"
            let namespaces = try (0..<2).map { try NetworkNamespace(tag: String(tag), index: $0, subnet: subnet) }
            defer { namespaces.forEach { $0.remove() } }
            let gatewayForward = try FreePort.pick()
            let haproxy = try TopologyHAProxy(
                port: try FreePort.pick(), statsPort: try FreePort.pick(), replicas: namespaces.map { ($0.address, ReplicaProcess.port) }, gatewayPort: cluster.endpoint.port!,
                gatewayForwards: namespaces.map { ($0.hostAddress, gatewayForward) })
            let binary = try PublisherWorkspace.binaryPath()
            let replicas = try namespaces.map {
                try ReplicaProcess(
                    namespace: $0, binary: binary, storageEndpoint: "http://\($0.hostAddress):\(gatewayForward)", bucket: bucketName,
                    region: cluster.region, credentialsFile: publisher.directory + "/s3.credentials")
            }
            let balanced = URL(string: "http://127.0.0.1:\(haproxy.port)")!
            var pointer = try #require(try readPointer(bucket))
            try await waitUntil(replicas, serve: pointer.version, within: .seconds(20))
            print("topology up \(ContinuousClock.now - started) after the start (RGW took \(cluster.startSeconds) s)")

            // Same signed bytes everywhere: the version, the manifest's ETag and the blob's.
            let answers = try replicas.map { try get($0.url("/manifest.json")) }
            #expect(Set(answers.map(\.etag)).count == 1 && answers.allSatisfy { $0.status == 200 }, "\(answers.map(\.etag))")
            let packAnswers = try replicas.map { try get($0.url("/packs/big")) }
            let bigTag = try #require(packAnswers[0].etag)
            #expect(packAnswers.allSatisfy { $0.etag == bigTag && $0.body.count == big })
            let bigDigest = sha256(packAnswers[0].body)
            #expect(!replicas[0].process.hasExited, "\(replicas[0].process.output.suffix(3000))")

            // 20 downloads through the balancer; one replica killed with SIGKILL a quarter of the way in. Both links
            // slowed meanwhile, so that responses are mid-body at the kill (not already whole in socket buffers).
            for namespace in namespaces { try namespace.limit(megabits: 160) }
            try await waitUntilBalancing(haproxy, over: replicas.count)
            let outcomes = try downloadWhileKilling(replicas[0], url: balanced.appendingPathComponent("packs/big"), size: big, entityTag: bigTag)
            #expect(outcomes.count == 20 && outcomes.allSatisfy { sha256($0.bytes) == bigDigest }, "every download byte-exact")
            let resumed = outcomes.map(\.resumes).reduce(0, +)
            #expect(resumed > 0, "the kill interrupted downloads, which resumed on the other replica: \(haproxy.process.output)")
            for namespace in namespaces { try namespace.removeLimit() }
            let clientsResumed = outcomes.filter { $0.resumes > 0 }.count
            let reasons = outcomes.reduce(into: [String: Int]()) { all, outcome in all.merge(outcome.reasons, uniquingKeysWith: +) }
            print("""
                20 downloads of \(big) bytes completed byte-exact across the kill; \(clientsResumed) clients resumed, \
                \(resumed) requests in all (for example: \(reasons.keys.sorted().first ?? "none"))
                """)
            try replicas[0].restart(binary: binary)
            try await waitUntil(replicas, serve: pointer.version, within: .seconds(20))

            // A round-robin client through the balancer, fresh connection each time, while 5 releases are published.
            let seen = Mutex<[Int]>([])
            let polling = Atomic<Bool>(true)
            let poller = Task.detached {
                while polling.load(ordering: .relaxed) {
                    if let version = try? get(balanced.appendingPathComponent("manifest.json")).version {
                        seen.withLock { $0.append(version) }
                    }
                    // As fast as it can: every answer is a sample, and none may show a version lower than one before.
                    await Task.yield()
                }
            }
            var followTimes: [String] = []
            for round in 1...5 {
                try publish(publisher, ["small": (10_000 + round, 100 + UInt64(round))])
                let written = Date()
                pointer = try #require(try readPointer(bucket))
                try await waitUntil(replicas, serve: pointer.version, within: .seconds(Int64(prepareSeconds) + 15))
                let pastNotBefore = Date().timeIntervalSince1970 - Double(pointer.notBefore)
                followTimes.append(String(
                    format: "v%d: both live %.2f s after publish returned, %.2f s after notBefore", pointer.version,
                    Date().timeIntervalSince(written), pastNotBefore))
            }
            // Until the client's own answers reach the last version too (it polls on its own time).
            let finalVersion = pointer.version
            try await Poll.until(within: .seconds(5)) { seen.withLock { $0.last } == finalVersion }
            polling.store(false, ordering: .relaxed)
            await poller.value
            let versions = seen.withLock { $0 }
            print("follow times (prepareSeconds \(prepareSeconds), pollSeconds 1):\n  " + followTimes.joined(separator: "\n  "))
            #expect(versions.count > 20 && zip(versions, versions.dropFirst()).allSatisfy { $0 <= $1 }, "never falls: \(versions)")
            #expect(versions.last == pointer.version)

            // The gateway goes away while the first replica copies a 48 MiB release over its link, slowed now so
            // that the copy lasts seconds.
            try namespaces[0].limit(megabits: 160)
            let huge = 48 << 20
            let before = pointer.version
            try publish(publisher, ["huge": (huge, 7)])
            pointer = try #require(try readPointer(bucket))
            let copying = "copying 1 blobs (\(huge) bytes) of release \(pointer.release) for manifest version \(pointer.version)"
            #expect(try await Poll.until(within: .seconds(10)) { replicas[0].process.output.contains(copying) }, "\(replicas[0].process.output)")
            try cluster.gateway(running: false)
            let failed = "cannot take up manifest version \(pointer.version)"
            #expect(try await Poll.until(within: .seconds(30)) { replicas[0].process.output.contains(failed) }, "\(replicas[0].process.output)")
            // Never half-live: the old version (before notBefore) or 503 (after it), never the new one.
            let during = try get(replicas[0].url("/manifest.json"))
            #expect(during.status == 503 || during.version == before, "\(during.status) \(String(describing: during.version))")
            let outage = ContinuousClock.now
            try cluster.gateway(running: true)
            try await waitUntil(replicas, serve: pointer.version, within: .seconds(30))
            print("after the gateway came back: live in \(ContinuousClock.now - outage)")
            let copied = try get(replicas[0].url("/packs/huge"))
            #expect(copied.body.count == huge && copied.etag.map { sha256(copied.body) == $0 } == true)
            let rate = try copyRate(replicas[1].process.output, bytes: huge)
            print("copy rate into the second replica's cache: \(rate)")
            try await channelsGoLiveTogether(publisher: publisher, bucket: bucket, replicas: replicas)
            print("topology test wall time \(ContinuousClock.now - started)")
        }

        /// Issue 34, "Done means" 5: a channel beside production. Both replicas follow beta's pointer as they
        /// follow production's; a publish on production and a promote of beta to that release each go live on
        /// both replicas no earlier than its pointer's `notBefore`; a client polling both channels on both
        /// replicas never sees either channel's `version` fall.
        static func channelsGoLiveTogether(
            publisher: PublisherWorkspace, bucket: S3ObjectBucket, replicas: [ReplicaProcess]
        ) async throws {
            let created = try publisher.run(["channel", "create", "beta"])
            guard created.status == 0 else { throw ClusterError("channel create: \(created.output)") }
            var beta = try #require(try readChannelPointer(bucket, "beta"))
            try await waitUntil(replicas, serve: beta.version, at: "/channels/beta/manifest.json", within: .seconds(20))

            // Every answer of both channels on both replicas, with the second it came in.
            let seen = Mutex<[String: [(at: Double, version: Int)]]>([:])
            let polling = Atomic<Bool>(true)
            let views = ["/manifest.json", "/channels/beta/manifest.json"]
            let targets = replicas.enumerated().flatMap { index, replica in views.map { ("\(index)\($0)", replica.url($0)) } }
            let poller = Task.detached {
                while polling.load(ordering: .relaxed) {
                    for (key, url) in targets {
                        guard let version = try? get(url).version else { continue }
                        let at = Date().timeIntervalSince1970
                        seen.withLock { $0[key, default: []].append((at, version)) }
                    }
                    await Task.yield()
                }
            }
            try publish(publisher, ["small": (20_000, 300)])
            let production = try #require(try readPointer(bucket))
            try await waitUntil(replicas, serve: production.version, within: .seconds(Int64(prepareSeconds) + 15))
            let promoted = try publisher.run(["promote", String(production.release), "--channel", "beta"])
            guard promoted.status == 0 else { throw ClusterError("promote: \(promoted.output)") }
            beta = try #require(try readChannelPointer(bucket, "beta"))
            try await waitUntil(
                replicas, serve: beta.version, at: "/channels/beta/manifest.json", within: .seconds(Int64(prepareSeconds) + 15))
            polling.store(false, ordering: .relaxed)
            await poller.value

            let answers = seen.withLock { $0 }
            for (key, samples) in answers.sorted(by: { $0.key < $1.key }) {
                let versions = samples.map(\.version)
                #expect(zip(versions, versions.dropFirst()).allSatisfy { $0 <= $1 }, "\(key) fell: \(versions)")
            }
            for index in replicas.indices {
                for (view, pointer) in [("/manifest.json", (production.version, production.notBefore)), ("/channels/beta/manifest.json", (beta.version, beta.notBefore))] {
                    let first = answers["\(index)\(view)"]?.first { $0.version >= pointer.0 }
                    #expect(first.map { $0.at >= Double(pointer.1) } == true, "replica \(index) \(view) took up \(pointer.0) at \(String(describing: first?.at)), before \(pointer.1)")
                }
            }
            let betaAnswer = try get(replicas[1].url("/channels/beta/manifest.json"))
            let payload = try JSONSerialization.jsonObject(with: Data(betaAnswer.body)) as? [String: Any]
            #expect(payload?["channel"] as? String == "beta" && payload?["release"] as? Int == production.release)
            print("channels: production v\(production.version) and beta v\(beta.version) live on both replicas at their notBefore")
        }

        static func readChannelPointer(_ bucket: S3ObjectBucket, _ channel: String) throws -> BucketChannelPointer? {
            let key = BucketLayout().channelPointer(channel)
            return try bucket.get(key).map { try BucketChannelPointer(json: $0, key: key) }
        }

        // MARK: - Steps

        /// Adds each pack (`id: (size, seed)`, essential) and publishes, through the CLI; the bucket is written when it returns.
        static func publish(_ publisher: PublisherWorkspace, _ packs: [String: (Int, UInt64)]) throws {
            for (id, (size, seed)) in packs.sorted(by: { $0.key < $1.key }) {
                let file = try publisher.randomFile("\(id).bin", count: size, seed: seed)
                // Essential: copied before a replica goes live (on-demand ones, `add`'s default, are read through).
                let added = try publisher.run(["add", file, "--id", id, "--policy", "essential"])
                guard added.status == 0 else { throw ClusterError("add \(id): \(added.output)") }
            }
            let published = try publisher.run(["publish"])
            guard published.status == 0 else { throw ClusterError("publish: \(published.output)") }
        }

        static func setPrepareSeconds(_ seconds: Int, in configPath: String) throws {
            var config = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: configPath))) as! [String: Any]
            config["replica"] = ["prepareSeconds": seconds]
            try JSONSerialization.data(withJSONObject: config).write(to: URL(fileURLWithPath: configPath))
        }

        static func readPointer(_ bucket: S3ObjectBucket) throws -> BucketPointer? {
            try bucket.get(BucketLayout().pointer).map { try BucketPointer(json: $0) }
        }

        /// Waits until every replica answers `version` at `path`.
        static func waitUntil(
            _ replicas: [ReplicaProcess], serve version: Int, at path: String = "/manifest.json", within timeout: Duration
        ) async throws {
            var latest: [Int?] = []
            let reached = try await Poll.until(within: timeout, every: .milliseconds(50)) {
                latest = replicas.map { try? get($0.url(path)).version }
                return latest.allSatisfy { $0 == version }
            }
            guard reached else {
                throw ClusterError("replicas at \(latest), not \(version): \(replicas.map { $0.process.output.suffix(2000) })")
            }
        }

        /// Waits until HAProxy's checks hold all `count` replicas up (so new connections alternate between them).
        static func waitUntilBalancing(_ haproxy: TopologyHAProxy, over count: Int) async throws {
            let stats = URL(string: "http://127.0.0.1:\(haproxy.statsPort)/stats;csv")!
            let up = try await Poll.until(within: .seconds(10), every: .milliseconds(50)) {
                let rows = String(decoding: try get(stats).body, as: UTF8.self).split(separator: "\n")
                // `pxname,svname,…,status,…`: the 18th field is the status.
                return rows.filter { $0.hasPrefix("replicas,replica") && $0.split(separator: ",", omittingEmptySubsequences: false)[17] == "UP" }
                    .count == count
            }
            guard up else { throw ClusterError("HAProxy does not hold the replicas up: \(haproxy.process.output)") }
        }

        /// 20 downloads on threads of their own; once a quarter of all their bytes arrived, SIGKILL `victim`.
        static func downloadWhileKilling(_ victim: ReplicaProcess, url: URL, size: Int, entityTag: String) throws -> [ResumingDownload.Outcome] {
            let received = Atomic<Int>(0)
            let threshold = 20 * size / 4
            let killed = Atomic<Bool>(false)
            // The pid only (the process object stays on this thread); it is reaped when the replica restarts.
            let pid = victim.process.pid
            let results = Mutex<[Result<ResumingDownload.Outcome, any Error>]>([])
            let finished = DispatchSemaphore(value: 0)
            // A thread each, so all 20 are in flight at once (Dispatch's global queue runs about one per core).
            for _ in 0..<20 {
                Thread.detachNewThread {
                    let result = Result {
                        try ResumingDownload(url: url, size: size, entityTag: entityTag).run { count in
                            if received.add(count, ordering: .relaxed).newValue >= threshold,
                                killed.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged
                            {
                                kill(pid, SIGKILL)
                            }
                        }
                    }
                    results.withLock { $0.append(result) }
                    finished.signal()
                }
            }
            for _ in 0..<20 { finished.wait() }
            return try results.withLock { $0 }.map { try $0.get() }
        }

        /// The copy rate from the `… live: copied N bytes in M ms` or `… ready …: copied …` line of the copy of
        /// `bytes` bytes.
        static func copyRate(_ output: String, bytes: Int) throws -> String {
            guard let line = output.split(separator: "\n").last(where: { $0.contains("copied \(bytes) bytes in ") }),
                let range = line.range(of: "copied \(bytes) bytes in ")
            else { return "no copy line for \(bytes) bytes" }
            let rest = line[range.upperBound...]
            let milliseconds = Double(rest.prefix { $0.isNumber || $0 == "." || $0 == "," }.filter { $0 != "," }) ?? 0
            return String(format: "%.0f MiB/s (%d bytes in %.0f ms)", Double(bytes) / 1_048_576 / max(milliseconds / 1000, 0.001), bytes, milliseconds)
        }

        // MARK: - HTTP

        struct Answer {
            let status: Int
            let etag: String?
            let body: [UInt8]

            var version: Int? {
                guard status == 200, let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else { return nil }
                return object["version"] as? Int
            }
        }

        /// One GET on a fresh connection (so the balancer picks a replica for each).
        static func get(_ url: URL) throws -> Answer {
            let client = try HTTPClient(userAgent: "replica-topology", timeout: 5)
            var body: [UInt8] = []
            let head = try client.perform(ClientRequest(url: url), body: { body += $0 })
            return Answer(status: head.status, etag: head.headers["etag"].map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }, body: body)
        }

        static func sha256(_ bytes: [UInt8]) -> String {
            SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
        }
    }
}
