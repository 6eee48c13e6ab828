import Foundation
import HTTPClient

/// Where halts are POSTed (docs/rollouts.md "Webhook"): the URL and header lines of `rollouts.webhook`,
/// checked at start-up.
struct RolloutWebhook: Sendable {
    let url: URL
    let headers: [(name: String, value: String)]
    /// Attempts before an event is given up: with `backoff`, the 20th comes about an hour after the first
    /// (1 + 2 + … + 256 s, then every 5 minutes).
    static let maxAttempts = 20

    /// Nil while `rollouts.webhook.url` is empty.
    init?(_ settings: PackServeConfiguration.Rollouts.Webhook) throws(ConfigurationError) {
        guard !settings.url.isEmpty else { return nil }
        guard let url = URL(string: settings.url), (try? ClientEndpoint(url)) != nil else {
            throw .key("rollouts.webhook.url", "\"\(settings.url)\" is not an http(s) URL")
        }
        self.url = url
        headers = try HeaderLinesFile.read(
            settings.headersFile.isEmpty ? nil : settings.headersFile, key: "rollouts.webhook.headersFile")
    }

    /// The pause before attempt `attempts + 1`: 1 s, 2 s, 4 s, … at most 5 minutes.
    static func backoff(afterAttempts attempts: Int) -> Int64 {
        min(Int64(1) << min(attempts, 9), 300)
    }
}
