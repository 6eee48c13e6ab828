import Foundation
import PackServeTesting
import PackServer
import PackStore
import ReleaseViews
import Testing

/// Issue 36 on replicas (docs/rollouts.md "Replicas"), in process, publisher and replica on one manual clock:
/// a rollout's steps reach the replica through its channel's bucket pointer and go live there at the
/// pointer's `notBefore`, every cohort view checked; the replica takes device reports and forwards their
/// counts to the publisher, which counts them as its own and halts the rollout on them.
@Suite struct ReplicaRollouts {
    struct Topology {
        let session: AdminCaller
        let bucket: DirectoryBucket
        let replica: InProcessReplica
        /// The replica's token file (a `reports` token, or what a test writes instead).
        let tokenFile: String

        var server: InProcessPackServe { session.server }

        /// The publisher's index into the bucket, then one poll of the replica.
        func syncAndPoll() throws {
            server.refresh()
            _ = try BucketSync(store: server.store, bucket: bucket, configuration: server.application.configuration, now: { server.clock.now })
                .sync()
            replica.poll()
        }

        /// Production's pointer as the bucket holds it.
        func pointer() throws -> BucketChannelPointer {
            let key = BucketLayout().channelPointer("production")
            return try BucketChannelPointer(json: try #require(try bucket.get(key)), key: key)
        }

        /// The release and version each of the 1,000 cohort views of the replica answers.
        func cohortViews() async throws -> [(release: Int, version: Int)] {
            var answers: [(release: Int, version: Int)] = []
            for cohort in 0..<RolloutCohorts.count {
                let response = try await replica.client.get("/cohorts/\(cohort)/manifest.json")
                #expect(response.status == 200, "cohort \(cohort): \(response.status)")
                answers.append((response.object?["release"] as? Int ?? 0, response.object?["version"] as? Int ?? 0))
            }
            return answers
        }

        func stop() async {
            await replica.stop()
            await server.stop()
        }
    }

    /// Production at release 1, beta at release 2 (the candidate), both in the bucket and live on a replica
    /// that forwards reports to the publisher with a `reports` token.
    static func start() async throws -> Topology {
        let session = try await AdminCaller.start(
            tokens: ["ci": "upload,publish,read,rollout", "replica": "reports"],
            overrides: ["rollouts": ["reportsPerNetworkPerHour": 1000] as [String: any Sendable]])
        let server = session.server
        try await session.publishCandidate()
        let tokenFile = server.directory.file("replica-token")
        let bucket = DirectoryBucket(root: try server.directory.directory("bucket"))
        try Data((try #require(session.tokens["replica"]) + "\n").utf8).write(to: URL(fileURLWithPath: tokenFile))
        let replica = try await InProcessReplica.start(
            bucket: bucket,
            replicaSettings: ["publisherURL": "http://127.0.0.1:\(server.port)", "publisherTokenFile": tokenFile],
            clock: server.clock)
        let topology = Topology(session: session, bucket: bucket, replica: replica, tokenFile: tokenFile)
        try topology.syncAndPoll()
        server.clock.advance(by: 30)
        return topology
    }

    /// `PUT /admin/channels/production/rollout` with `json`; then the bucket and one poll.
    static func step(_ topology: Topology, _ json: String) async throws {
        let response = try await topology.session.request("PUT", "/admin/channels/production/rollout", token: "ci", json: json)
        #expect((200...201).contains(response.status), "\(json): \(response.text)")
        try topology.syncAndPoll()
    }

    @Test func eachStepGoesLiveOnTheReplicaAtItsPointersNotBefore() async throws {
        let topology = try await Self.start()
        let client = topology.replica.client
        let before = try await topology.cohortViews()
        #expect(before.allSatisfy { $0.release == 1 })
        let downloadManifest = try await client.get("/download-manifest.json").body

        try await Self.step(topology, #"{"release":2,"percent":5}"#)
        let started = try topology.pointer()
        let rollout = try #require(started.rollout)
        #expect(rollout.state == "running" && rollout.release == 2 && rollout.views.map(\.release) == [2])
        #expect(started.notBefore == topology.server.clock.now + 30, "a step is scheduled like a new release")
        let five = try #require(rollout.cohorts).admitted
        #expect(five.count == 50)
        #expect(try await topology.cohortViews().map(\.version) == before.map(\.version), "nothing moves before notBefore")

        topology.server.clock.advance(by: 30)
        var views = try await topology.cohortViews()
        #expect(views.indices.filter { views[$0].release == 2 } == five, "exactly the 50 admitted cohorts read the candidate")
        #expect(views.allSatisfy { $0.version == started.version })
        #expect(try await client.get("/cohorts/\(five[0])/download-manifest.json").status == 404)
        #expect(try await client.get("/download-manifest.json").body == downloadManifest, "no Apple version moved")
        let pack = try await client.get("/cohorts/\(five[0])/packs/a")
        #expect(pack.status == 200 && pack.body.count == 2_000, "the candidate's pack, copied before going live")

        try await Self.step(topology, #"{"percent":25}"#)
        #expect(try await topology.cohortViews().indices.filter { views[$0].release == 2 } == five, "5 % until notBefore")
        topology.server.clock.advance(by: 30)
        views = try await topology.cohortViews()
        let twentyFive = views.indices.filter { views[$0].release == 2 }
        #expect(twentyFive.count == 250 && Set(five).isSubset(of: twentyFive), "raising keeps the first 50")

        try await Self.step(topology, #"{"state":"halted"}"#)
        let halted = try topology.pointer()
        #expect(halted.rollout?.state == "halted" && halted.rollout?.views.isEmpty == true)
        topology.server.clock.advance(by: 30)
        let afterHalt = try await topology.cohortViews()
        #expect(afterHalt.allSatisfy { $0.release == 1 && $0.version == halted.version && $0.version > started.version })

        try await Self.step(topology, #"{"state":"finished"}"#)
        #expect(try topology.pointer().rollout == nil)
        topology.server.clock.advance(by: 30)
        #expect(try await topology.cohortViews().allSatisfy { $0.release == 2 })
        #expect(try await client.get("/download-manifest.json").body != downloadManifest, "finish moves the channel")
        await topology.stop()
    }

    static func report(release: Int, failed: Int, of count: Int) -> String {
        let outcomes = (0..<count).map { index in
            #"{"pack":"a","sha256":"\#(String(repeating: "b", count: 64))","result":"\#(index < failed ? "failed" : "installed")"}"#
        }
        return #"{"channel":"production","release":\#(release),"cohort":3,"outcomes":[\#(outcomes.joined(separator: ","))]}"#
    }

    @Test func aReplicaForwardsItsReportCountsAndThePublisherHaltsOnThem() async throws {
        let topology = try await Self.start()
        try await Self.step(topology, #"{"release":2,"percent":50}"#)
        topology.server.clock.advance(by: 30)
        let forwarder = try #require(topology.replica.application.reportForwarder)
        // 110 candidate outcomes, 30 % failed; 20 of the control.
        for _ in 0..<11 {
            let answer = try await topology.replica.client.send(
                "POST", "/reports", json: Self.report(release: 2, failed: 3, of: 10), headers: [("Content-Type", "application/json")])
            #expect(answer.status == 202, "\(answer.text)")
        }
        for _ in 0..<2 {
            _ = try await topology.replica.client.send(
                "POST", "/reports", json: Self.report(release: 1, failed: 0, of: 10), headers: [("Content-Type", "application/json")])
        }
        let refused = try await topology.replica.client.send(
            "POST", "/reports", json: Self.report(release: 9, failed: 0, of: 1), headers: [("Content-Type", "application/json")])
        #expect(refused.status == 400, "a replica checks reports against what it serves")

        // A token the publisher does not know: nothing is taken, and nothing is lost.
        try Data("not-a-token\n".utf8).write(to: URL(fileURLWithPath: topology.tokenFile))
        #expect(forwarder.forward() == 0)
        #expect(forwarder.forward() == 0)
        #expect(topology.replica.log.messages.contains { $0.contains("report counts kept for the next forward") })
        try Data((try #require(topology.session.tokens["replica"]) + "\n").utf8).write(to: URL(fileURLWithPath: topology.tokenFile))
        #expect(forwarder.forward() == 3, "candidate installed and failed, control installed: three counts")
        #expect(forwarder.forward() == 0, "each count is sent once")

        let halts = try #require(topology.server.application.countFlusher).flush()
        #expect(halts.map(\.decision.reason) == ["failure-rate"])
        let rollout = try #require(try topology.server.store.rollout(of: .production))
        #expect(rollout.state == .halted && rollout.candidateOutcomes.outcomes == 110 && rollout.candidateOutcomes.failures == 33)
        #expect(rollout.controlOutcomes.outcomes == 20)
        await topology.stop()
    }

    @Test func thePublisherReadsForwardedCountsAsUntrustedInput() async throws {
        let topology = try await Self.start()
        let session = topology.session
        let hour = topology.server.clock.now / 3600
        func post(_ json: String, token: String = "replica") async throws -> TestResponse {
            try await session.request("POST", "/admin/reports", token: token, json: json, headers: [("Content-Type", "application/json")])
        }
        let count = #"{"channel":"production","release":1,"result":"installed","hour":\#(hour),"count":5}"#
        #expect(try await post(#"{"counts":[\#(count)]}"#, token: "ci").status == 403, "the reports scope is needed")
        for (body, why) in [
            ("{", "not JSON"), (#"{"counts":[],"extra":1}"#, "an unknown key"),
            (#"{"counts":[\#(count.replacingOccurrences(of: "\"count\":5", with: "\"count\":0"))]}"#, "a zero count"),
            (#"{"counts":[\#(count.replacingOccurrences(of: "\(hour)", with: "\(hour - 48)"))]}"#, "an hour two days back"),
            (#"{"counts":[\#(count.replacingOccurrences(of: "installed", with: "maybe"))]}"#, "an unknown result"),
            (#"{"counts":[\#(Array(repeating: count, count: 501).joined(separator: ","))]}"#, "too many counts"),
        ] {
            let answer = try await post(body)
            #expect(answer.status == 400 || answer.status == 413, "\(why): \(answer.status) \(answer.text)")
        }
        let unknown = count.replacingOccurrences(of: "\"release\":1", with: "\"release\":7")
        let taken = try await post(#"{"counts":[\#(count),\#(unknown)]}"#)
        #expect(taken.status == 202 && taken.object?["counted"] as? Int == 1 && taken.object?["ignored"] as? Int == 1, "\(taken.text)")
        _ = try #require(topology.server.application.countFlusher).flush()
        let stats = try await session.request("GET", "/admin/stats?channel=production&hours=2", token: "ci")
        #expect(stats.text.contains("\"installed\":5"), "\(stats.text)")
        await topology.stop()
    }
}
