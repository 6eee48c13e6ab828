import Foundation
import PackServeTesting
import PackStore
import Polling
import ReleaseViews
import Testing

/// Issue 36: `POST /reports` in-process (docs/rollouts.md "Reports"): what is counted, what is refused, the
/// per-network cap, and a rollout the counts halt at the next flush.
@Suite struct DeviceReports {
    /// Production at release 1 and a rollout of release 2 (from beta) at 50 %.
    static func rollingOut(overrides: [String: any Sendable] = [:]) async throws -> AdminCaller {
        let session = try await AdminCaller.start(tokens: ["ci": "upload,publish,read,rollout"], overrides: overrides)
        let server = session.server
        try await session.publishCandidate()
        let started = try await session.request(
            "PUT", "/admin/channels/production/rollout", token: "ci", json: #"{"release":2,"percent":50}"#)
        #expect(started.status == 201, "\(started.text)")
        server.refresh()
        return session
    }

    static func post(_ client: LoopbackClient, _ body: String) async throws -> TestResponse {
        try await client.send("POST", "/reports", json: body, headers: [("Content-Type", "application/json")])
    }

    static func report(release: Int, failed: Int, of count: Int, channel: String = "production") -> String {
        let outcomes = (0..<count).map { index in
            #"{"pack":"a","sha256":"\#(String(repeating: "a", count: 64))","result":"\#(index < failed ? "failed" : "installed")"}"#
        }
        return #"{"channel":"\#(channel)","release":\#(release),"cohort":7,"outcomes":[\#(outcomes.joined(separator: ","))]}"#
    }

    @Test func badReportsAreRefusedAndGoodOnesCounted() async throws {
        let session = try await Self.rollingOut()
        let client = session.server.client
        #expect(try await Self.post(client, Self.report(release: 1, failed: 1, of: 4)).status == 202)
        for (body, status) in [
            ("{", 400), ("[]", 400), (#"{"channel":"production","release":1,"outcomes":[]}"#, 400),
            (Self.report(release: 9, failed: 0, of: 1), 400), (Self.report(release: 1, failed: 0, of: 1, channel: "nope"), 400),
            (#"{"channel":"production","release":1,"outcomes":[{"pack":"a","sha256":"x","result":"installed"}]}"#, 400),
            (#"{"channel":"production","release":1,"extra":1,"outcomes":[]}"#, 400),
            (Self.report(release: 1, failed: 0, of: 33), 400),
            (String(repeating: "[", count: 3000), 400),
            ("{\"channel\":\"" + String(repeating: "x", count: 5000) + "\"}", 413),
        ] {
            let response = try await Self.post(client, body)
            #expect(response.status == status, "\(body.prefix(80)): \(response.status)")
            #expect(response.headers["content-type"] == "application/problem+json")
        }
        #expect(try await client.get("/reports").status == 405)
        let notJSON = try await client.send("POST", "/reports", json: "x", headers: [("Content-Type", "text/plain")])
        #expect(notJSON.status == 415)

        let flusher = try #require(session.server.application.countFlusher)
        #expect(flusher.flush().isEmpty)
        let rollout = try #require(try session.server.store.rollout(of: .production))
        #expect(rollout.controlOutcomes.outcomes == 4 && rollout.controlOutcomes.failures == 1)
        #expect(rollout.candidateOutcomes.outcomes == 0)
        await session.server.stop()
    }

    @Test func aNetworkIsCappedPerHour() async throws {
        let session = try await Self.rollingOut(overrides: ["rollouts": ["reportsPerNetworkPerHour": 3] as [String: any Sendable]])
        var statuses: [Int] = []
        for _ in 0..<5 {
            statuses.append(try await Self.post(session.server.client, Self.report(release: 2, failed: 0, of: 2)).status)
        }
        #expect(statuses == [202, 202, 202, 429, 429])
        _ = try #require(session.server.application.countFlusher).flush()
        #expect(try session.server.store.rollout(of: .production)?.candidateOutcomes.outcomes == 6, "at most the cap counts")
        await session.server.stop()
    }

    @Test func aCandidateFailingPastTheLimitIsHaltedAtTheNextFlush() async throws {
        let session = try await Self.rollingOut(overrides: ["rollouts": ["reportsPerNetworkPerHour": 1000] as [String: any Sendable]])
        let client = session.server.client
        let flusher = try #require(session.server.application.countFlusher)
        // 96 outcomes at 8 % failures: under minReports (100), nothing is decided yet.
        for _ in 0..<3 { #expect(try await Self.post(client, Self.report(release: 2, failed: 3, of: 32)).status == 202) }
        #expect(flusher.flush().isEmpty)
        #expect(try session.server.store.rollout(of: .production)?.state == .running)
        #expect(try await Self.post(client, Self.report(release: 2, failed: 1, of: 8)).status == 202)
        let halts = flusher.flush()
        #expect(halts.count == 1 && halts.first?.decision.reason == "failure-rate")
        let rollout = try #require(try session.server.store.rollout(of: .production))
        #expect(rollout.state == .halted && rollout.haltReason == "failure-rate" && rollout.candidateOutcomes.outcomes == 104)
        await session.server.stop()
    }

    /// `GET /admin/stats`: manifest requests and reported outcomes by hour and release, as flushed.
    @Test func statsCountManifestRequestsAndOutcomesPerRelease() async throws {
        let session = try await Self.rollingOut()
        let client = session.server.client
        let rollout = try #require(try session.server.store.rollout(of: .production))
        let admitted = rollout.cohorts.firstCohort
        let outside = (admitted + 999) % 1000
        for path in ["/manifest", "/manifest.json", "/cohorts/\(outside)/manifest", "/cohorts/\(admitted)/manifest",
                     "/cohorts/\(admitted)/manifest.json", "/manifest.json.sig", "/packs/a"] {
            #expect(try await client.get(path).status == 200, "\(path)")
        }
        // A cohort view has no download manifest: its 404 is not counted.
        #expect(try await client.get("/cohorts/\(admitted)/download-manifest.json").status == 404)
        #expect(try await Self.post(client, Self.report(release: 2, failed: 1, of: 3)).status == 202)
        _ = try #require(session.server.application.countFlusher).flush()
        let stats = try await session.request("GET", "/admin/stats?channel=production&hours=2", token: "ci")
        #expect(stats.status == 200, "\(stats.text)")
        let document = try #require(stats.object)
        #expect(document["hours"] as? Int == 2 && (document["rollout"] as? [String: Any])?["release"] as? Int == 2)
        let series = try #require(document["series"] as? [[String: Any]])
        let byRelease = Dictionary(uniqueKeysWithValues: series.map { ($0["release"] as? Int ?? 0, $0) })
        // Release 1: /manifest, /manifest.json and the cohort outside; release 2: the admitted cohort's two.
        #expect(byRelease[1]?["manifestRequests"] as? Int == 3, "\(series)")
        #expect(byRelease[2]?["manifestRequests"] as? Int == 2 && byRelease[2]?["installed"] as? Int == 2)
        #expect(byRelease[2]?["failed"] as? Int == 1)
        #expect(try await session.request("GET", "/admin/stats?channel=nope", token: "ci").status == 404)
        #expect(try await session.request("GET", "/admin/stats?hours=0", token: "ci").status == 400)
        await session.server.stop()
    }

    /// A download completes when a response carrying a pack's bytes up to the last one is written whole: a
    /// whole pack, or the range a resumed download ends with; never a range in the middle, a HEAD, or a
    /// multipart answer. A blob URL counts in each channel serving the bytes, for its newest release there.
    @Test func completedDownloadsCountResponsesThatReachAPacksLastByte() async throws {
        let metrics: [String: any Sendable] = ["enabled": true, "listen": ["host": "127.0.0.1", "port": 0] as [String: any Sendable]]
        let session = try await Self.rollingOut(overrides: ["metrics": metrics])
        let client = session.server.client
        #expect(try await client.get("/packs/a").status == 200)
        #expect(try await client.get("/packs/a", headers: [("Range", "bytes=0-99")]).status == 206)
        #expect(try await client.get("/packs/a", headers: [("Range", "bytes=100-")]).status == 206)
        #expect(try await client.get("/packs/a", headers: [("Range", "bytes=0-9,990-999")]).status == 206)
        #expect(try await client.request("HEAD", "/packs/a").status == 200)
        // An admitted cohort's manifest names the candidate's blob.
        let cohort = try #require(try session.server.store.rollout(of: .production)).cohorts.firstCohort
        let manifest = try await client.get("/cohorts/\(cohort)/manifest.json")
        let packs = try #require(manifest.object?["packs"] as? [[String: Any]])
        let url = try #require(packs.first?["url"] as? String)
        let path = try #require(URLComponents(string: url)?.path)
        #expect(path.hasPrefix("/blobs/sha256/"))
        #expect(try await client.get(path).body.count == 2_000)

        func completed(_ channel: String) async throws -> [Int: Int] {
            _ = try #require(session.server.application.countFlusher).flush()
            let stats = try await session.request("GET", "/admin/stats?channel=\(channel)&hours=1", token: "ci")
            let series = try #require(stats.object?["series"] as? [[String: Any]])
            return Dictionary(series.map { ($0["release"] as? Int ?? 0, $0["completedDownloads"] as? Int ?? -1) }, uniquingKeysWith: +)
        }
        // Counted when the server's loop sees the last byte written, which may come after the client read it.
        try await Poll.until(within: .seconds(10)) { try await completed("production") == [1: 2, 2: 1] }
        #expect(try await completed("production") == [1: 2, 2: 1], "the whole pack and the resumed tail; the cohort's blob")
        #expect(try await completed("beta") == [2: 1], "beta serves the candidate's bytes too")
        let exposition = String(decoding: try #require(session.server.application.metrics).exposition(), as: UTF8.self)
        #expect(exposition.contains(#"packserve_adoption_completed_downloads_total{channel="production"} 3"#), "\(exposition)")
        #expect(exposition.contains(#"packserve_adoption_manifest_requests_total{channel="production"} 1"#))
        await session.server.stop()
    }
}
