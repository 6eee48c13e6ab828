/// The traffic counters of all event loops, summed (see `TrafficMetrics`). Counters only grow, except
/// `openConnections`, which is accepted minus closed.
public struct TrafficSnapshot: Sendable, Equatable {
    /// Responses (including refusals of malformed requests) for one route and status code.
    public struct Requests: Sendable, Equatable {
        public var route: String
        public var status: Int
        public var count: Int
    }

    /// Only route/status pairs that occurred, by route index then status.
    public var requests: [Requests] = []
    /// Body bytes sent (heads not included; an aborted response counts what went out), by route name.
    public var bodyBytes: [String: Int] = [:]
    /// Responses whose connection closed before all of them was sent, by route name.
    public var abortedResponses: [String: Int] = [:]
    public var connectionsAccepted = 0
    public var openConnections = 0
    public var tlsHandshakes = 0
    public var tlsHandshakeFailures = 0
    /// Connections refused on a PROXY protocol listener before their first request, by reason
    /// (`untrusted`, `invalid`, `incomplete`).
    public var proxyRefusals: [String: Int] = [:]

    /// Sums `loopValues` (each laid out by `layout`) slot by slot and names the slots.
    init(routeNames: [String], layout: TrafficCounterLayout, loopValues: [[Int]]) {
        var sums = [Int](repeating: 0, count: layout.slotCount)
        for values in loopValues {
            for (index, value) in values.enumerated() { sums[index] &+= value }
        }
        for (route, name) in routeNames.enumerated().prefix(layout.routeCount) {
            let first = layout.request(route: route, status: TrafficCounterLayout.lowestStatus)
            for offset in 0..<TrafficCounterLayout.statusCount where sums[first + offset] > 0 {
                requests.append(Requests(
                    route: name, status: TrafficCounterLayout.lowestStatus + offset, count: sums[first + offset]))
            }
            bodyBytes[name] = sums[layout.bodyBytes(route: route)]
            abortedResponses[name] = sums[layout.aborted(route: route)]
        }
        connectionsAccepted = sums[layout.connectionsAccepted]
        openConnections = max(0, connectionsAccepted - sums[layout.connectionsClosed])
        tlsHandshakes = sums[layout.tlsHandshakes]
        tlsHandshakeFailures = sums[layout.tlsHandshakeFailures]
        for reason in TrafficCounterLayout.proxyRefusalReasons {
            proxyRefusals[reason] = sums[layout.proxyRefusals(reason)]
        }
    }
}
