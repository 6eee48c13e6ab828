import Foundation
import CDNSimulation
import Polling
import Testing

extension EndToEnd.CDN {
    static let consistencyPackSize = 256 << 10

    /// A client looping "manifest, pack, manifest" (CDNConsistencyScript, the pack fetched as `fetch` says)
    /// through `stack.cache` while `publishes` new versions of `hot` go live; `afterEach` runs after each
    /// publish with its version's SHA-256, when the publish began (the release cannot be served before) and
    /// when the server was seen serving it (it is by then), and a wait for the client's next round that
    /// satisfies a condition (false if none did within the time given). Returns the client's report.
    static func loop(
        _ stack: CDNStack, publishes: Int, fetch: CDNConsistencyScript.Fetch,
        afterEach: (
            String, _ began: Date, _ live: Date, _ awaitRound: (Duration, (CDNConsistencyReport.Iteration) -> Bool) async throws -> Bool
        ) async throws -> Void
    ) async throws -> CDNConsistencyReport {
        let stopFile = stack.store.directory.file("stop-client")
        let client = try ChildProcess(
            try ExternalTool.path(of: "python3"),
            [CDNConsistencyScript.script, String(stack.cache.port), "hot", stopFile, fetch.rawValue])
        defer { _ = FileManager.default.createFile(atPath: stopFile, contents: nil) }
        // The rounds come in order, each printed as it ends: the latest is the last line that decodes.
        func awaitRound(within timeout: Duration, _ condition: (CDNConsistencyReport.Iteration) -> Bool) async throws -> Bool {
            try await Poll.until(within: timeout) {
                CDNConsistencyReport.rounds(in: client.stdout.lines.suffix(2)).last.map(condition) ?? false
            }
        }
        for index in 1...publishes {
            let file = try stack.store.randomFile("v\(index).bin", count: consistencyPackSize)
            let sha = try await ExternalTool.sha256(of: file)
            try await stack.store.run(["add", file, "--id", "hot"])
            let began = Date()
            try await stack.publish(expecting: index + 1)
            try await afterEach(sha, began, Date(), awaitRound)
        }
        _ = FileManager.default.createFile(atPath: stopFile, contents: nil)
        guard try await client.exitStatus(within: .seconds(30)) == 0 else {
            throw EndToEndFailure("the client loop failed: \(client.stderr.text)")
        }
        return try CDNConsistencyReport(output: client.stdout.text)
    }

    static func storeWithHotPack() async throws -> StoreWorkspace {
        let store = try StoreWorkspace()
        try await store.run(["add", try store.randomFile("v0.bin", count: consistencyPackSize), "--id", "hot"])
        try await store.run(["publish"])
        return store
    }

    /// Through Varnish with `cache.purge` pointing at it, and s-maxage long enough (60 s) that only the
    /// purge can explain a client seeing a new release. The client fetches the pack by the URL its manifest
    /// names, as a device does: whenever the two manifests agree, the bytes between them are the ones they
    /// describe, whenever the purge lands. `/packs/{id}` is what the purge must refresh (the new bytes within
    /// seconds), but it is not looped on: between the swap and the purge's end (xkey drops the objects one
    /// at a time) a cache can hold the old documents while `/packs/{id}` is already new, a window
    /// docs/deploying.md describes and a loaded machine has shown here (1 round in 1,604).
    @Test func throughVarnishWithPurgeAgreeingDocumentsDescribeThePack() async throws {
        let stack = try await CDNStack(.varnish, store: try await Self.storeWithHotPack(), sharedMaxAgeSeconds: 60)
        let report = try await Self.loop(stack, publishes: 4, fetch: .named) { sha, _, _, awaitRound in
            // The purge reaches Varnish at once: the new release is what the cache serves within seconds.
            let seen = try await StoreResponse.await(stack.cache.url("/packs/hot"), within: .seconds(5)) {
                $0.entityTagValue == sha
            }
            #expect(seen.satisfied, "varnish still serves the old pack \(seen.elapsed) after the publish (no purge?)\n\(stack.diagnostics)")
            // Before the next publish, the client (another process) finishes a round whose two manifests
            // agree on this release.
            let agreed = try await awaitRound(.seconds(10)) { $0.first == sha && $0.second == sha }
            #expect(agreed, "no round agreed on the new release within 10 s\n\(stack.diagnostics)")
        }
        let mismatches = report.iterations.filter(\.isMismatch)
        #expect(report.problems.isEmpty, "\(report.problems)")
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(report.iterations.count) rounds got agreeing manifests and other bytes: \(mismatches.prefix(3))")
        let versions = Set(report.iterations.filter(\.documentsAgree).map(\.first))
        #expect(versions.count >= 4, "the client saw only \(versions.count) releases agree in \(report.iterations.count) rounds")
        print("varnish with purge: \(report.iterations.count) rounds, \(versions.count) releases, 0 mismatches")
    }

    /// Through nginx (no purge) with s-maxage 1, fetching `/packs/{id}`: a round that starts later than
    /// s-maxage after the publish (plus nginx's whole-second cache clock and a round's own time) agrees and
    /// has the new bytes.
    @Test func throughNginxWithoutPurgeTheyAgreeWithinSharedMaxAge() async throws {
        let sharedMaxAge = 1.0
        let settle = sharedMaxAge + 1.5
        let stack = try await CDNStack(.nginx, store: try await Self.storeWithHotPack(), sharedMaxAgeSeconds: Int(sharedMaxAge))
        var lives: [(sha: String, began: Date, at: Date)] = []
        let report = try await Self.loop(stack, publishes: 3, fetch: .byID) { sha, began, live, awaitRound in
            lives.append((sha, began, live))
            // The rounds after `settle` are what this test is about (nginx's cache runs on its own whole-second
            // clock, which nothing here can advance): the next publish waits for the client to end one.
            let settledAt = live.timeIntervalSince1970 + settle
            let later = try await awaitRound(.seconds(settle + 10)) { $0.start >= settledAt }
            #expect(later, "the client began no round \(settle) s after the publish within \(settle + 10) s")
        }
        #expect(report.problems.isEmpty, "\(report.problems)")
        for (index, live) in lives.enumerated() {
            // Up to the moment the next publish began: from then on a round may read the next release (it was
            // seen live only after a poll, so a round ending before that moment could already have it).
            let next = index + 1 < lives.count ? lives[index + 1].began.timeIntervalSince1970 : .infinity
            let settled = report.iterations.filter {
                $0.start >= live.at.timeIntervalSince1970 + settle && $0.end < next
            }
            #expect(!settled.isEmpty, "no round between \(settle) s after publish \(index + 1) and the next")
            let wrong = settled.filter { !($0.first == live.sha && $0.pack == live.sha && $0.second == live.sha) }
            #expect(
                wrong.isEmpty,
                """
                publish \(index + 1) (\(live.sha), began \(live.began.timeIntervalSince1970), seen live \
                \(live.at.timeIntervalSince1970)): \(wrong.count) of \(settled.count) rounds later than \(settle) s \
                read something else: \(wrong.prefix(3))
                """)
            if let firstAgreeing = report.iterations.first(where: {
                $0.start >= live.at.timeIntervalSince1970 && $0.first == live.sha && $0.pack == live.sha && $0.second == live.sha
            }) {
                print("nginx publish \(index + 1): agreeing after \(String(format: "%.2f", firstAgreeing.end - live.at.timeIntervalSince1970)) s")
            }
        }
    }
}
