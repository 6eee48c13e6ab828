import Dispatch
import Foundation
import HTTPServer
import Testing

@testable import PackServer

/// Round 3, finding 3: one bad purge endpoint blocked every other (one queue for all, a 10 s timeout per read,
/// bodies read to the end). Here caches that never answer, answer a byte a second or never end their body,
/// all listed before a healthy one, on real loopback sockets.
@Suite struct CachePurgeIsolationTests {
    @Test(.timeLimit(.minutes(1)))
    func aSilentTricklingOrEndlessCacheNeverDelaysAHealthyOne() async throws {
        let silent = try MisbehavingCache(.silent), trickling = try MisbehavingCache(.trickling)
        let endless = try MisbehavingCache(.endlessBody)
        let healthy = CachePurgerTests.RecordingCache()
        let server = try CachePurgerTests.server(healthy)
        let registry = MetricsRegistry()
        // Attempts of 2 s: with one queue for all, the healthy cache's first purge came after the silent and
        // the trickling caches' attempts had timed out (4 s), its third after 12 s.
        let urls = [silent.url, trickling.url, endless.url, "http://127.0.0.1:\(server.localPort)/"]
        let purger = try CachePurger(
            endpoints: urls.map { PurgeEndpoint(url: $0, method: "POST") }, keyHeader: "Surrogate-Key",
            logger: CachePurgerTests.logger, metrics: registry,
            policy: RetryPolicy(firstPause: 1, maxPause: 1, maxAttempts: 1, attemptTimeout: 2))
        var calls: [String: ContinuousClock.Instant] = [:]
        for purge in 0..<3 {
            calls["pack-\(purge)"] = .now
            purger.purge(["pack-\(purge)"], reason: "test")
        }
        for _ in 0..<3 { #expect(healthy.arrivals.wait(timeout: .now() + 5) == .success) }
        let received = healthy.received.withLock { $0 }
        #expect(received.compactMap(\.keys).sorted() == ["pack-0", "pack-1", "pack-2"])
        for entry in received {
            let call = try #require(calls[entry.keys ?? ""])
            #expect(call.duration(to: entry.at) < .seconds(2), "\(entry.keys ?? ""): \(call.duration(to: entry.at)) after the purge call")
        }
        // The endless body was never read: each of its three connections was closed once the head was in.
        for _ in 0..<3 { #expect(endless.closedByClient.wait(timeout: .now() + 2) == .success) }

        // A shutdown with no time to drain: the attempts under way at the silent and trickling caches end at
        // their 2 s deadline and are given up; the two purges queued behind each are dropped unsent.
        purger.beginShutdown(within: 0)
        #expect(purger.finishShutdown() == 4)
        #expect(PurgeCounts.of(registry) == ["ok": 6, "failed": 2, "dropped": 4])
        await server.shutdown()
    }

    @Test(.timeLimit(.minutes(1)))
    func anAttemptAtATricklingCacheEndsAtItsDeadline() throws {
        // A byte a second: a timeout per read (the 10 s one before) never fires.
        let trickling = try MisbehavingCache(.trickling)
        let registry = MetricsRegistry()
        let purger = try CachePurger(
            endpoints: [PurgeEndpoint(url: trickling.url, method: "POST")], keyHeader: "Surrogate-Key",
            logger: CachePurgerTests.logger, metrics: registry,
            policy: RetryPolicy(firstPause: 0, maxPause: 0, maxAttempts: 1, attemptTimeout: 1.5))
        let start = ContinuousClock.now
        purger.purge(["packserve-documents"], reason: "test")
        purger.drain()
        let elapsed = start.duration(to: .now)
        #expect(elapsed >= .milliseconds(1_400) && elapsed < .seconds(3), "\(elapsed)")
        #expect(PurgeCounts.of(registry) == ["failed": 1])
        // The purger, not the cache, ended it.
        #expect(trickling.closedByClient.wait(timeout: .now() + 3) == .success)
    }

    @Test(.timeLimit(.minutes(1)))
    func anEndlessBodyIsNeverReadAndThePurgeCountsAsSent() throws {
        let endless = try MisbehavingCache(.endlessBody)
        let registry = MetricsRegistry()
        let purger = try CachePurger(
            endpoints: [PurgeEndpoint(url: endless.url)], keyHeader: "xkey", logger: CachePurgerTests.logger, metrics: registry)
        let start = ContinuousClock.now
        purger.purge(["packserve-documents"], reason: "test")
        purger.drain()
        #expect(start.duration(to: .now) < .seconds(2))
        #expect(PurgeCounts.of(registry) == ["ok": 1])
        #expect(endless.closedByClient.wait(timeout: .now() + 2) == .success)
    }
}
