import CDNSimulation
import Foundation
import Polling
import RawHTTPClient
import Testing

/// Issue 36, "Done means" 1, with the real binary (docs/rollouts.md): a rollout from the command line read
/// through all 1,000 cohort views by a client, every document of each view checked — at 5 % exactly 50
/// cohorts read the candidate, at 25 % 250 that include them, halted none (at a higher manifest `version`),
/// resumed the same 250, finished all; no cohort view serves a download manifest, and the plain one is
/// production's release until the rollout finishes.
@Suite struct StagedRollout {
    /// What one cohort's view answered: the release its manifest names and the version it was signed at.
    struct CohortView: Equatable {
        let release: Int
        let version: Int
    }

    /// Release 1 (pack `a`, 1,000 bytes) on production, release 2 (`a` of 2,000 bytes) on beta: the candidate.
    static func storeWithCandidate() async throws -> StoreWorkspace {
        let store = try StoreWorkspace()
        try await store.run(["add", try store.randomFile("a1.bin", count: 1_000), "--id", "a", "--tag", "t"])
        try await store.run(["publish"])
        try await store.run(["channel", "create", "beta"])
        try await store.run(["add", try store.randomFile("a2.bin", count: 2_000), "--id", "a", "--tag", "t"])
        try await store.run(["publish", "--channel", "beta"])
        return store
    }

    @Test func cohortsAreAdmittedRaisedHaltedResumedAndFinished() async throws {
        let store = try await Self.storeWithCandidate()
        let server = try await store.serveAtItsPublicURL()
        try await server.awaitView("", release: 1)
        let plain = try await StoreResponse.get(server.url("/download-manifest.json")).body
        // Each release's pack by its size: 1,000 bytes in release 1, 2,000 in release 2.
        let sizes = [1: 1_000, 2: 2_000]

        func step(_ arguments: [String]) async throws -> (first: Int, views: [Int: CohortView]) {
            let before = try await Self.version(server, "")
            try await store.run(["rollout"] + arguments)
            try await server.awaitVersion(above: before)
            let status = try await store.run(["rollout", "status", "--json"]).stdout
            let first = try #require(
                (try JSONSerialization.jsonObject(with: Data(status.utf8)) as? [String: Any])?["firstCohort"] as? Int)
            let port = server.port
            let views = try await OwnThread.run { try Self.sweep(port: port, sizes: sizes) }
            #expect(try await StoreResponse.get(server.url("/download-manifest.json")).body == plain, "the plain download manifest")
            return (first, views)
        }
        func admitted(_ views: [Int: CohortView], release: Int = 2) -> Set<Int> {
            Set(views.filter { $0.value.release == release }.keys)
        }
        func expected(first: Int, count: Int) -> Set<Int> { Set((0..<count).map { (first + $0) % 1000 }) }

        let started = try await step(["start", "2", "--percent", "5"])
        #expect(admitted(started.views) == expected(first: started.first, count: 50))
        #expect(Set(started.views.values.map(\.release)) == [1, 2])

        let raised = try await step(["set", "--percent", "25"])
        #expect(raised.first == started.first)
        #expect(admitted(raised.views) == expected(first: started.first, count: 250))
        #expect(admitted(started.views).isSubset(of: admitted(raised.views)))

        let halted = try await step(["halt"])
        #expect(admitted(halted.views).isEmpty, "every cohort reads release 1 again")
        for k in 0..<1000 {
            #expect(halted.views[k]!.version > raised.views[k]!.version, "cohort \(k)'s version rose")
        }

        let resumed = try await step(["resume"])
        #expect(admitted(resumed.views) == admitted(raised.views))

        let before = try await Self.version(server, "")
        try await store.run(["rollout", "finish"])
        try await server.awaitVersion(above: before)
        let port = server.port
        let finished = try await OwnThread.run { try Self.sweep(port: port, sizes: sizes) }
        #expect(admitted(finished).count == 1000)
        #expect(try await StoreResponse.get(server.url("/download-manifest.json")).body != plain)
        #expect(try await server.stop() == 0)
    }

    /// Reports to the real binary halt a rollout by themselves: 100 outcomes for the candidate at 8 %
    /// failures, posted with curl, and within seconds the rollout is halted for its failure rate, logged,
    /// and every cohort reads the control at a higher manifest version.
    @Test func reportsOfAFailingCandidateHaltItsRollout() async throws {
        let store = try await Self.storeWithCandidate()
        try await store.run(["rollout", "start", "2", "--percent", "100"])
        let server = try await store.serveAtItsPublicURL()
        try await server.awaitView("/cohorts/0", release: 2)
        let before = try await Self.version(server, "/cohorts/0")
        let outcome = { (result: String) in
            #"{"pack":"a","sha256":"\#(String(repeating: "0", count: 64))","result":"\#(result)"}"#
        }
        for index in 0..<4 {
            // 25 outcomes each, 2 failed: 8 failures in 100.
            let outcomes = (0..<25).map { outcome($0 < 2 ? "failed" : "installed") }.joined(separator: ",")
            let posted = try await ChildProcess.run(try ExternalTool.curl(), [
                "-sS", "-o", "/dev/null", "-w", "%{http_code}", "-H", "Content-Type: application/json",
                "--data-binary", #"{"channel":"production","release":2,"cohort":\#(index),"outcomes":[\#(outcomes)]}"#,
                server.url("/reports"),
            ])
            #expect(posted.stdout.text == "202")
        }
        try await server.awaitView("/cohorts/0", release: 1)
        #expect(try await Self.version(server, "/cohorts/0") > before)
        let status = try await store.run(["rollout", "status", "--json"]).stdout
        #expect(status.contains(#""state":"halted""#) && status.contains(#""haltReason":"failure-rate""#), "\(status)")
        #expect(status.contains(#""candidate":{"failures":8,"outcomes":100}"#), "\(status)")
        // Announced once, by the dispatcher, within a second of the halt.
        #expect(try await Poll.until(within: .seconds(10)) { !server.logLines(containing: "rollout halted").isEmpty })
        let logged = server.logLines(containing: "rollout halted")
        #expect(logged.count == 1 && logged[0].contains("reason=failure-rate"), "\(logged)")
        #expect(try await server.stop() == 0)
    }

    static func version(_ server: RunningPackServe, _ prefix: String) async throws -> Int {
        let response = try await StoreResponse.get(server.url("\(prefix)/manifest.json"))
        return (try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any])?["version"] as? Int ?? 0
    }

    /// Reads every document of the 1,000 cohort views over one keep-alive connection, and checks that each
    /// view's documents agree with its manifest: the JWS carries the same payload, the tag's pack and the
    /// pack's bytes are the manifest's release's, and there is no download manifest.
    static func sweep(port: Int, sizes: [Int: Int]) throws -> [Int: CohortView] {
        let client = try RawClient(port: port)
        defer { client.close() }
        func get(_ path: String, _ fields: String = "") throws -> RawResponse {
            try client.roundTrip("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(fields)\r\n")
        }
        var views: [Int: CohortView] = [:]
        for cohort in 0..<1000 {
            let prefix = "/cohorts/\(cohort)"
            let payload = try get("\(prefix)/manifest.json")
            let manifest = try #require(try JSONSerialization.jsonObject(with: Data(payload.body)) as? [String: Any])
            let release = try #require(manifest["release"] as? Int)
            let version = try #require(manifest["version"] as? Int)
            let packs = try #require(manifest["packs"] as? [[String: Any]])
            let sha256 = try #require(packs.first?["sha256"] as? String)
            #expect(packs.first?["size"] as? Int == sizes[release], "cohort \(cohort)")

            let jws = try get("\(prefix)/manifest").bodyText.split(separator: ".")
            #expect(jws.count == 3 && Self.base64URL(jws[1]) == payload.body, "cohort \(cohort): the JWS signs the same payload")
            let tag = try get("\(prefix)/tags/t")
            #expect(tag.status == 200 && tag.bodyText.contains(sha256) && tag.bodyText.contains("\"release\":\(release)"), "cohort \(cohort)")
            let pack = try get("\(prefix)/packs/a", "Range: bytes=0-0\r\n")
            #expect(pack.status == 206 && pack["Content-Range"] == "bytes 0-0/\(sizes[release] ?? 0)", "cohort \(cohort)")
            #expect(try get("\(prefix)/download-manifest.json").status == 404, "cohort \(cohort)")
            views[cohort] = CohortView(release: release, version: version)
        }
        return views
    }

    static func base64URL(_ text: Substring) -> [UInt8]? {
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
        return Data(base64Encoded: standard).map(Array.init)
    }
}

extension RunningPackServe {
    /// Waits until production's plain manifest is signed above `version` (a change by another process is
    /// picked up within a second).
    func awaitVersion(above version: Int) async throws {
        let (response, _, satisfied) = try await StoreResponse.await(url("/manifest.json"), within: .seconds(10)) {
            ((try? JSONSerialization.jsonObject(with: Data($0.text.utf8)) as? [String: Any])?["version"] as? Int ?? 0) > version
        }
        guard satisfied else { throw EndToEndFailure("the manifest stayed at version \(version): \(response.text)") }
    }
}
