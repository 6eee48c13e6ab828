import Dispatch
import Foundation
import HTTP1
import HTTPClient
import HTTPServer
import Logging
import Metrics
import Synchronization

/// Tells the caches in front (config `cache.purge`) what a release that went live made stale: one request per
/// endpoint and batch of surrogate keys (`PurgeKeys`), logged and counted (`packserve_cache_purges_total{result}`).
/// Purges are idempotent, so a retry or a second replica purging the same keys does no harm.
///
/// Each endpoint has a queue of its own, so going live never waits for a cache and a cache that never answers,
/// answers a byte at a time or sends an endless body delays only its own purges. An attempt is bounded as a
/// whole (`RetryPolicy.attemptTimeout`, connecting to reading the head); only the status is read, never the
/// body. Failures are retried as `RetryPolicy` says. At shutdown (`beginShutdown`, `finishShutdown`) what is
/// pending is sent while the drain deadline lasts and the rest dropped, counted and logged.
public final class CachePurger: Sendable {
    let targets: [PurgeTarget]
    let keyHeader: String
    let client: HTTPClient
    let logger: Logger
    let policy: RetryPolicy
    /// In 0..<1, for the policy's jitter.
    let random: @Sendable () -> Double
    private let shutdown = PurgeShutdown()
    /// Every purge request queued and not finished yet (sent, given up or dropped).
    private let outstanding = DispatchGroup()
    /// The drain deadline's default (and what `finishShutdown` takes when nobody called `beginShutdown`): an
    /// attempt under way at the signal ends by then too, since it may take at most `attemptTimeout`, also 10 s.
    public static let drainSeconds = 10.0
    private let sent: Metrics.Counter
    private let failed: Metrics.Counter
    private let retried: Metrics.Counter
    private let dropped: Metrics.Counter
    /// What `dropped` counted, for the line `finishShutdown` logs.
    private let droppedCount = Atomic<Int>(0)

    /// Throws one line when an endpoint's URL is not http(s) or its headers file cannot be read or parsed.
    public init(
        endpoints: [PurgeEndpoint], keyHeader: String, logger: Logger, metrics: MetricsRegistry?,
        policy: RetryPolicy = .cachePurge, random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) throws(ConfigurationError) {
        var targets: [PurgeTarget] = []
        for (index, endpoint) in endpoints.enumerated() {
            targets.append(try PurgeTarget(endpoint, index: index))
        }
        self.targets = targets
        self.keyHeader = keyHeader
        self.logger = logger
        self.policy = policy
        self.random = random
        do { client = try HTTPClient(userAgent: "packserve-purge", timeout: policy.attemptTimeout) } catch {
            throw ConfigurationError("cannot make the purge client: \(error)")
        }
        let factory: any MetricsFactory = metrics?.factory ?? NOOPMetricsHandler.instance
        func counter(_ result: String) -> Metrics.Counter {
            Metrics.Counter(label: "packserve_cache_purges_total", dimensions: [("result", result)], factory: factory)
        }
        sent = counter("ok")
        failed = counter("failed")
        retried = counter("retried")
        dropped = counter("dropped")
    }

    public var isEnabled: Bool { !targets.isEmpty }

    /// Queues the purge of `keys` at every endpoint and returns at once.
    func purge(_ keys: [String], reason: String) {
        guard isEnabled, !keys.isEmpty else { return }
        for batch in PurgeKeys.batches(keys) {
            for target in targets {
                outstanding.enter()
                target.queue.async { [self] in
                    defer { outstanding.leave() }
                    send(batch, to: target, reason: reason)
                }
            }
        }
    }

    /// Blocks until everything queued so far has been sent, given up or dropped (for tests).
    func drain() {
        outstanding.wait()
    }

    /// Starts the drain of a shutdown: from now on no attempt runs past `seconds` from now, and a purge whose
    /// next attempt could not start before then is dropped. Returns at once; the first call sets the deadline.
    public func beginShutdown(within seconds: Double = CachePurger.drainSeconds) {
        shutdown.begin(within: seconds)
    }

    /// Waits until every purge queued has been sent or given up, or the drain deadline has passed (started here
    /// if `beginShutdown` was not called), then drops the rest: counted as `dropped` and logged in one line.
    /// Blocks; returns how many purge requests were dropped.
    @discardableResult
    public func finishShutdown() -> Int {
        guard isEnabled else { return 0 }
        let deadline = shutdown.begin(within: Self.drainSeconds)
        let left = ContinuousClock.now.duration(to: deadline)
        _ = outstanding.wait(timeout: .now() + Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18)
        shutdown.dropAll()
        // Quick now: queued requests drop without sending, pauses end, and attempts end by the drain deadline.
        outstanding.wait()
        let count = droppedCount.load(ordering: .relaxed)
        logger.log(
            level: count > 0 ? .warning : .info, "shutting down: \(count) cache purges dropped, not delivered by the drain deadline",
            metadata: ["dropped": "\(count)"])
        return count
    }

    private func send(_ keys: String, to target: PurgeTarget, reason: String) {
        let request = ClientRequest(
            method: target.endpoint.method, url: target.url, headers: [(name: keyHeader, value: keys)] + target.headers)
        var attempt = 1
        while true {
            guard let deadline = shutdown.attemptDeadline(.now + .seconds(policy.attemptTimeout)) else { return drop() }
            let problem: String
            var retryAfter: Double?
            do {
                // The status is all a purge needs: the body is never read (an endless one costs nothing), and a
                // connection with one left unread is closed.
                let head = try client.perform(request, deadline: deadline, head: { _ in false })
                if (200..<300).contains(head.status) {
                    sent.increment()
                    logger.info("cache purge sent", metadata: ["url": "\(target.endpoint.url)", "keys": "\(keys.split(separator: " ").count)", "reason": "\(reason)", "status": "\(head.status)"])
                    return
                }
                problem = "status \(head.status)"
                retryAfter = head.headers["retry-after"].flatMap { RetryAfter.seconds($0, now: HTTPDate.now()) }
            } catch {
                problem = "\(error)"
            }
            guard let pause = policy.pause(after: attempt, retryAfter: retryAfter, random: random()) else {
                failed.increment()
                logger.error("cache purge failed; giving up", metadata: ["url": "\(target.endpoint.url)", "problem": "\(problem)", "attempts": "\(attempt)"])
                return
            }
            logger.warning("cache purge failed; trying again", metadata: ["url": "\(target.endpoint.url)", "problem": "\(problem)", "pause": "\(String(format: "%.1f", pause))s"])
            guard shutdown.pause(pause) else { return drop() }
            retried.increment()
            attempt += 1
        }
    }

    /// Not sent because the process is shutting down; `finishShutdown` logs the total.
    private func drop() {
        dropped.increment()
        droppedCount.add(1, ordering: .relaxed)
    }
}
