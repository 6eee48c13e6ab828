import Dispatch
import Foundation
import HTTPClient
import Logging
import Metrics

/// Tells the caches in front (config `cache.purge`) what a release that went live made stale: one request per
/// endpoint and batch of surrogate keys (`PurgeKeys`), sent on a queue of its own so going live never waits for
/// a cache, retried with growing pauses, logged and counted (`packserve_cache_purges_total{result}`).
/// Purges are idempotent, so a retry or a second replica purging the same keys does no harm.
public final class CachePurger: Sendable {
    /// One endpoint with its header lines read (once, at start-up).
    struct Target: Sendable {
        let endpoint: PurgeEndpoint
        let url: URL
        let headers: [(name: String, value: String)]
    }

    let targets: [Target]
    let keyHeader: String
    let client: HTTPClient
    let logger: Logger
    /// The pauses before the second, third … attempt; an attempt that fails after the last is given up.
    let retryPauses: [Double]
    private let queue = DispatchQueue(label: "packserve.cache-purge")
    private let sent: Metrics.Counter
    private let failed: Metrics.Counter
    private let retried: Metrics.Counter

    /// Throws one line when an endpoint's URL is not http(s) or its headers file cannot be read or parsed.
    public init(
        endpoints: [PurgeEndpoint], keyHeader: String, logger: Logger, metrics: MetricsRegistry?,
        retryPauses: [Double] = [1, 2, 4, 8, 16, 32]
    ) throws(ConfigurationError) {
        var targets: [Target] = []
        for (index, endpoint) in endpoints.enumerated() {
            let key = "cache.purge[\(index)]"
            guard let url = URL(string: endpoint.url), (try? ClientEndpoint(url)) != nil else {
                throw .key(key + ".url", "\"\(endpoint.url)\" is not an http(s) URL")
            }
            targets.append(Target(endpoint: endpoint, url: url, headers: try Self.headers(endpoint.headersFile, key: key)))
        }
        self.targets = targets
        self.keyHeader = keyHeader
        self.logger = logger
        self.retryPauses = retryPauses
        do { client = try HTTPClient(userAgent: "packserve-purge", timeout: 10) } catch {
            throw ConfigurationError("cannot make the purge client: \(error)")
        }
        let factory: any MetricsFactory = metrics?.factory ?? NOOPMetricsHandler.instance
        sent = Metrics.Counter(label: "packserve_cache_purges_total", dimensions: [("result", "ok")], factory: factory)
        failed = Metrics.Counter(label: "packserve_cache_purges_total", dimensions: [("result", "failed")], factory: factory)
        retried = Metrics.Counter(label: "packserve_cache_purges_total", dimensions: [("result", "retried")], factory: factory)
    }

    public var isEnabled: Bool { !targets.isEmpty }

    /// Queues the purge of `keys` at every endpoint and returns at once.
    func purge(_ keys: [String], reason: String) {
        guard isEnabled, !keys.isEmpty else { return }
        queue.async { [self] in
            for batch in PurgeKeys.batches(keys) {
                for target in targets { send(batch, to: target, reason: reason) }
            }
        }
    }

    /// Blocks until everything queued so far has been sent or given up (for tests and shutdown).
    func drain() {
        queue.sync {}
    }

    private func send(_ keys: String, to target: Target, reason: String) {
        let request = ClientRequest(
            method: target.endpoint.method, url: target.url, headers: [(name: keyHeader, value: keys)] + target.headers)
        var attempt = 0
        while true {
            let problem: String
            do {
                let status = try client.perform(request).status
                if (200..<300).contains(status) {
                    sent.increment()
                    logger.info("cache purge sent", metadata: ["url": "\(target.endpoint.url)", "keys": "\(keys.split(separator: " ").count)", "reason": "\(reason)", "status": "\(status)"])
                    return
                }
                problem = "status \(status)"
            } catch {
                problem = "\(error)"
            }
            guard attempt < retryPauses.count else {
                failed.increment()
                logger.error("cache purge failed; giving up", metadata: ["url": "\(target.endpoint.url)", "problem": "\(problem)", "attempts": "\(attempt + 1)"])
                return
            }
            retried.increment()
            logger.warning("cache purge failed; trying again", metadata: ["url": "\(target.endpoint.url)", "problem": "\(problem)", "pause": "\(retryPauses[attempt])s"])
            Thread.sleep(forTimeInterval: retryPauses[attempt])
            attempt += 1
        }
    }

    /// `Name: value` lines; blank lines and lines starting with `#` are skipped.
    private static func headers(_ path: String?, key: String) throws(ConfigurationError) -> [(name: String, value: String)] {
        guard let path else { return [] }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw .key(key + ".headersFile", "cannot read \(path)")
        }
        var headers: [(name: String, value: String)] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            guard let colon = trimmed.firstIndex(of: ":"), colon != trimmed.startIndex,
                !trimmed[..<colon].contains(" "), !trimmed.contains("\r")
            else { throw .key(key + ".headersFile", "\(path):\(number + 1): not a \"Name: value\" line") }
            headers.append((String(trimmed[..<colon]), trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        return headers
    }
}
