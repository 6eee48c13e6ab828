import Foundation

/// One install outcome waiting to be reported (docs/rollouts.md "Reports"), kept in the store's
/// `reports.json` until the server takes it or it is a day old.
struct PendingReport: Codable, Sendable, Hashable {
    /// Tells this outcome from an equal one of another install attempt, while it waits.
    var id = UUID().uuidString
    var channel: String
    var release: Int
    var pack: String
    var sha256: String
    /// `installed` or `failed`.
    var result: String
    var reason: String?
    /// When it happened (seconds since 1970): reports older than a day are dropped unsent.
    var at: Double
}
