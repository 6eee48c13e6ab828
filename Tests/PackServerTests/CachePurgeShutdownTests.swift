import Dispatch
import Foundation
import HTTPServer
import PackServeTesting
import Testing

@testable import PackServer

/// Round 3, finding 3: queued purges were dropped on SIGTERM, unsaid. Now what is pending is sent while the
/// drain deadline lasts (`beginShutdown`, which SIGTERM calls through `CachePurgeDrain`), and the rest dropped,
/// counted as `dropped` and logged in one line (`finishShutdown`, once the service group is done).
@Suite struct CachePurgeShutdownTests {
    @Test(.timeLimit(.minutes(1)))
    func aPurgeWaitingToRetryIsDeliveredWhenItsCacheAnswersWithinTheDrainDeadline() async throws {
        // The first answer is a 503 asking for a second's wait; the policy alone would wait 15 to 30 s.
        let cache = CachePurgerTests.RecordingCache(failures: 1, retryAfter: "1")
        let server = try CachePurgerTests.server(cache)
        let registry = MetricsRegistry(), log = CapturedLog()
        let purger = try CachePurger(
            endpoints: [PurgeEndpoint(url: "http://127.0.0.1:\(server.localPort)/", method: "POST")], keyHeader: "Surrogate-Key",
            logger: log.logger, metrics: registry, policy: RetryPolicy(firstPause: 30, maxPause: 30, maxAttempts: 3, attemptTimeout: 5))
        purger.purge(["packserve-documents"], reason: "test")
        #expect(cache.arrivals.wait(timeout: .now() + 5) == .success)
        let start = ContinuousClock.now
        purger.beginShutdown(within: 5)
        #expect(purger.finishShutdown() == 0)
        #expect(start.duration(to: .now) < .seconds(3))
        #expect(cache.received.withLock { $0.count } == 2)
        #expect(PurgeCounts.of(registry) == ["retried": 1, "ok": 1])
        #expect(log.messages.filter { $0.hasPrefix("shutting down:") } == ["shutting down: 0 cache purges dropped, not delivered by the drain deadline"])
        await server.shutdown()
    }

    @Test(.timeLimit(.minutes(1)))
    func purgesToACacheThatNeverAnswersAreDroppedAndCountedAtTheDrainDeadline() throws {
        let silent = try MisbehavingCache(.silent)
        let registry = MetricsRegistry(), log = CapturedLog()
        let purger = try CachePurger(
            endpoints: [PurgeEndpoint(url: silent.url)], keyHeader: "xkey", logger: log.logger, metrics: registry,
            policy: RetryPolicy(firstPause: 2, maxPause: 2, maxAttempts: 3, attemptTimeout: 1))
        purger.purge(["packserve-documents"], reason: "first")
        purger.purge(["packserve-documents", "pack-a"], reason: "second")
        let start = ContinuousClock.now
        purger.beginShutdown(within: 1.5)
        // The first attempt times out at 1 s, and its retry could not start before the deadline; the second
        // purge's attempt may only run to the deadline, and then nothing is left to wait for.
        #expect(purger.finishShutdown() == 2)
        let elapsed = start.duration(to: .now)
        #expect(elapsed >= .milliseconds(1_400) && elapsed < .seconds(3), "\(elapsed)")
        #expect(PurgeCounts.of(registry) == ["dropped": 2])
        #expect(log.messages.filter { $0.hasPrefix("shutting down:") } == ["shutting down: 2 cache purges dropped, not delivered by the drain deadline"])
        // A purge made after the shutdown is dropped without a request.
        purger.purge(["packserve-documents"], reason: "late")
        purger.drain()
        #expect(PurgeCounts.of(registry) == ["dropped": 3])
        // Two connections, each closed by the purger at its attempt's deadline; none for the late purge.
        for _ in 0..<2 { #expect(silent.closedByClient.wait(timeout: .now() + 2) == .success) }
        #expect(silent.closedByClient.wait(timeout: .now() + 0.2) == .timedOut)
    }

    @Test(.timeLimit(.minutes(1)))
    func aLongPauseBeforeARetryDoesNotHoldUpTheShutdown() throws {
        // Always 503; the next attempt would come 30 to 60 s later, after the 10 s drain deadline.
        let cache = CachePurgerTests.RecordingCache(failures: .max)
        let server = try CachePurgerTests.server(cache)
        let registry = MetricsRegistry()
        let purger = try CachePurger(
            endpoints: [PurgeEndpoint(url: "http://127.0.0.1:\(server.localPort)/", method: "POST")], keyHeader: "Surrogate-Key",
            logger: CachePurgerTests.logger, metrics: registry,
            policy: RetryPolicy(firstPause: 60, maxPause: 60, maxAttempts: 7, attemptTimeout: 5))
        purger.purge(["packserve-documents"], reason: "test")
        #expect(cache.arrivals.wait(timeout: .now() + 5) == .success)
        let start = ContinuousClock.now
        #expect(purger.finishShutdown() == 1)
        #expect(start.duration(to: .now) < .seconds(2))
        #expect(PurgeCounts.of(registry) == ["dropped": 1])
        #expect(cache.received.withLock { $0.count } == 1)
        Task { await server.shutdown() }
    }
}
