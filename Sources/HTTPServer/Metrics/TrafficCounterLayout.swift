/// Where each traffic counter sits in a loop's flat array of counters: one slot per route and status
/// code, then body bytes and aborted responses per route, then the connection, TLS and PROXY protocol
/// counts. Flat, so
/// that counting is an index computation and an add, and folding is a sum of arrays.
struct TrafficCounterLayout: Sendable, Equatable {
    /// Status codes 100…599 are counted one by one; the parser and responders produce no others.
    static let lowestStatus = 100
    static let statusCount = 500

    let routeCount: Int

    init(routeCount: Int) {
        self.routeCount = max(1, routeCount)
    }

    func request(route: Int, status: Int) -> Int {
        let code = min(max(status, Self.lowestStatus), Self.lowestStatus + Self.statusCount - 1)
        return clamped(route) * Self.statusCount + code - Self.lowestStatus
    }

    func bodyBytes(route: Int) -> Int { routeCount * Self.statusCount + clamped(route) }
    func aborted(route: Int) -> Int { routeCount * (Self.statusCount + 1) + clamped(route) }
    var connectionsAccepted: Int { routeCount * (Self.statusCount + 2) }
    var connectionsClosed: Int { connectionsAccepted + 1 }
    var tlsHandshakes: Int { connectionsAccepted + 2 }
    var tlsHandshakeFailures: Int { connectionsAccepted + 3 }
    /// Connections refused on a PROXY protocol listener, one slot per `ProxyRefusal.reason`.
    static let proxyRefusalReasons = ["untrusted", "invalid", "incomplete"]
    func proxyRefusals(_ reason: String) -> Int {
        connectionsAccepted + 4 + (Self.proxyRefusalReasons.firstIndex(of: reason) ?? 0)
    }
    var slotCount: Int { connectionsAccepted + 4 + Self.proxyRefusalReasons.count }

    /// A label the application never named counts as unrouted rather than in another route's slots.
    private func clamped(_ route: Int) -> Int { route < routeCount ? route : 0 }
}
