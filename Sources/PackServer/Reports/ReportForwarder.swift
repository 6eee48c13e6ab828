import Foundation
import HTTPClient
import Logging
import RolloutRules
import ServiceLifecycle

/// A replica's half of device reports (docs/rollouts.md "Replicas"): its devices' outcomes are counted here
/// as a publisher counts them, and once a minute sent on to the publisher's `POST /admin/reports` with a
/// `reports`-scope token, so a replica needs no write access to the bucket and every halt is decided in one
/// place. What a forward could not deliver is kept for the next one (a day at most: the hours the publisher
/// takes); a publisher that refuses the body as malformed gets it never again.
public struct ReportForwarder: Service {
    static let interval: Duration = .seconds(60)

    let counters: ReportCounters
    let url: URL
    /// Read at every forward, so a token is rotated by rewriting the file, without a restart.
    let tokenFile: String
    let client: HTTPClient
    let logger: Logger
    /// Unix seconds.
    let now: @Sendable () -> Int64

    /// Nil without `replica.publisherURL`.
    init?(settings: PackServeConfiguration.Replica, counters: ReportCounters, logger: Logger, now: @escaping @Sendable () -> Int64)
        throws(ConfigurationError)
    {
        guard !settings.publisherURL.isEmpty else { return nil }
        guard let base = URL(string: settings.publisherURL), (try? ClientEndpoint(base)) != nil else {
            throw .key("replica.publisherURL", "\"\(settings.publisherURL)\" is not an http(s) URL")
        }
        guard Self.token(in: settings.publisherTokenFile) != nil else {
            throw .key("replica.publisherTokenFile", "must name a readable file holding a token with the reports scope")
        }
        self.counters = counters
        url = base.appendingPathComponent("admin/reports")
        tokenFile = settings.publisherTokenFile
        do {
            client = try HTTPClient(
                userAgent: "packserve-replica", timeout: 10,
                caFile: settings.publisherCAFile.isEmpty ? nil : settings.publisherCAFile)
        } catch {
            throw .key("replica.publisherCAFile", "\(error)")
        }
        self.logger = logger
        self.now = now
    }

    public func run() async throws {
        await PeriodicLoop.run(every: Self.interval) { _ = try? await OffTheLoop.run { forward() } }
        // What the last minute counted, on the way out.
        forward()
    }

    /// Sends what was counted since the last forward, in bodies of at most `ForwardedCounts.maxCounts`; the
    /// counts the publisher took.
    @discardableResult
    public func forward() -> Int {
        let hours = ForwardedCounts.acceptedHours(nowHour: now() / 3600)
        let pending = counters.drain()
        let stale = pending.filter { !hours.contains($0.hour) }
        if !stale.isEmpty { logger.warning("dropping \(stale.count) report counts older than a day: the publisher was not reached") }
        let fresh = pending.filter { hours.contains($0.hour) }
        let size = ForwardedCounts.maxCounts
        var batches = stride(from: 0, to: fresh.count, by: size).map { Array(fresh[$0..<min($0 + size, fresh.count)]) }
        var taken = 0
        while !batches.isEmpty {
            let batch = batches.removeFirst()
            switch send(batch) {
            case .taken: taken += batch.count
            case .refused(let why):
                logger.error("the publisher refused \(batch.count) report counts, which are dropped: \(why)")
            case .unreachable(let why):
                counters.add(batch + batches.flatMap { $0 })
                logger.warning("report counts kept for the next forward: \(why)")
                return taken
            }
        }
        return taken
    }

    private enum Delivery {
        case taken
        /// A 400: the same body would be refused again.
        case refused(String)
        /// Anything else: a network failure, a 5xx, a token not (yet) valid.
        case unreachable(String)
    }

    /// The first line of `path`, trimmed; nil when it cannot be read or is empty.
    private static func token(in path: String) -> String? {
        guard !path.isEmpty, let text = try? String(contentsOfFile: path, encoding: .utf8),
            let line = text.split(whereSeparator: \.isNewline).first?.trimmingCharacters(in: .whitespaces), !line.isEmpty
        else { return nil }
        return line
    }

    private func send(_ batch: [ReportCountDelta]) -> Delivery {
        guard let token = Self.token(in: tokenFile) else { return .unreachable("\(tokenFile) holds no token") }
        let request = ClientRequest(
            method: "POST", url: url,
            headers: [(name: "Content-Type", value: "application/json"), (name: "Authorization", value: "Bearer \(token)")],
            body: .bytes(ForwardedCounts(counts: batch).encoded()))
        var answer: [UInt8] = []
        do {
            let head = try client.perform(request, deadline: .now + .seconds(10), body: { answer += $0.prefix(512) })
            if (200..<300).contains(head.status) { return .taken }
            let why = "status \(head.status): \(String(decoding: answer.prefix(300), as: UTF8.self))"
            return head.status == 400 ? .refused(why) : .unreachable(why)
        } catch {
            return .unreachable("\(error)")
        }
    }
}
