import Foundation
import HTTPClient
import Logging
import Metrics
import PackStore
import ServiceLifecycle

/// Announces every rollout halt the index queued — one log line and `packserve_rollout_halts_total` — and
/// delivers it to the webhook (docs/rollouts.md "Webhook"), once a second, off the event loops. Delivery is
/// at least once: an event is marked delivered after a 2xx, so a SIGKILL between the two sends it again with
/// the same `id`; one that is never answered 2xx is given up after about an hour of attempts.
public struct RolloutEventDispatcher: Service {
    let store: PackStore
    let webhook: RolloutWebhook?
    let client: HTTPClient?
    let logger: Logger
    let factory: any MetricsFactory
    /// Unix seconds.
    let now: @Sendable () -> Int64

    init(store: PackStore, webhook: RolloutWebhook?, logger: Logger, factory: any MetricsFactory, now: @escaping @Sendable () -> Int64) {
        self.store = store
        self.webhook = webhook
        client = webhook.flatMap { _ in try? HTTPClient(userAgent: "packserve-webhook", timeout: 10) }
        self.logger = logger
        self.factory = factory
        self.now = now
    }

    public func run() async throws {
        await PeriodicLoop.run(every: .seconds(1), runsFirst: true) { _ = try? await OffTheLoop.run { pass() } }
    }

    /// Announces and delivers what is due; the ids delivered in this pass.
    @discardableResult
    public func pass() -> [String] {
        let events: [RolloutEvent]
        do {
            events = try store.dueRolloutEvents(now: now())
        } catch {
            logger.warning("cannot read rollout events (trying again in a second): \(error)")
            return []
        }
        var delivered: [String] = []
        for event in events {
            if !event.isAnnounced, (try? store.announceRolloutEvent(event.id, now: now())) == true {
                logger.warning("rollout halted", metadata: [
                    "channel": "\(event.channel)", "reason": "\(event.reason)", "event": "\(event.id)",
                    "detail": "\(String(decoding: event.body, as: UTF8.self))",
                ])
                Counter(label: "packserve_rollout_halts_total", dimensions: [("channel", event.channel), ("reason", event.reason)], factory: factory)
                    .increment()
            }
            if deliver(event) { delivered.append(event.id) }
        }
        return delivered
    }

    /// One attempt; true when the webhook took it (or there is none, which ends the event too).
    private func deliver(_ event: RolloutEvent) -> Bool {
        let now = now()
        guard let webhook, let client else {
            try? store.recordRolloutEventAttempt(event.id, now: now, nextAttempt: nil)
            return false
        }
        let problem: String
        do {
            let request = ClientRequest(
                method: "POST", url: webhook.url,
                headers: [(name: "Content-Type", value: "application/json")] + webhook.headers, body: .bytes(event.body))
            let head = try client.perform(request, deadline: .now + .seconds(10), head: { _ in false })
            if (200..<300).contains(head.status) {
                try? store.recordRolloutEventAttempt(event.id, now: now, nextAttempt: nil)
                logger.info("rollout event delivered", metadata: ["event": "\(event.id)", "status": "\(head.status)"])
                return true
            }
            problem = "status \(head.status)"
        } catch {
            problem = "\(error)"
        }
        let givenUp = event.attempts + 1 >= RolloutWebhook.maxAttempts
        try? store.recordRolloutEventAttempt(
            event.id, now: now, nextAttempt: givenUp ? nil : now + RolloutWebhook.backoff(afterAttempts: event.attempts))
        logger.log(
            level: givenUp ? .error : .warning,
            givenUp ? "rollout event not delivered; giving up after an hour" : "rollout event not delivered; trying again",
            metadata: ["event": "\(event.id)", "problem": "\(problem)", "attempts": "\(event.attempts + 1)"])
        return false
    }
}
