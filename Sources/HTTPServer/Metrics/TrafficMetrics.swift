import Synchronization

/// The server's own facts about its traffic — responses by route and status, body bytes, aborted
/// responses, connections, TLS handshakes — counted per event loop on the request path and summed only
/// when someone asks (a scrape of docs/metrics.md's `/metrics`).
///
/// Why per loop and folded later: a shared counter, even one atomic add, is a cache line every loop
/// fights over on every response; each loop owning its counters costs a few plain stores instead.
/// The application names the routes (`routeNames[0]` is the name for `RouteLabel.unrouted`) and tags
/// its responses; give the same instance to one `HTTPServer` through `HTTPServerConfiguration.traffic`.
public final class TrafficMetrics: Sendable {
    public let routeNames: [String]
    let layout: TrafficCounterLayout
    private let loops = Mutex<[LoopTrafficCounters]>([])

    public init(routeNames: [String]) {
        precondition(!routeNames.isEmpty, "routeNames[0] names the unrouted responses")
        self.routeNames = routeNames
        layout = TrafficCounterLayout(routeCount: routeNames.count)
    }

    /// Counters for one new event loop (called when the loops are made, never per request).
    func makeLoopCounters() -> LoopTrafficCounters {
        let counters = LoopTrafficCounters(layout: layout)
        loops.withLock { $0.append(counters) }
        return counters
    }

    /// The sum over every loop, now.
    public func snapshot() -> TrafficSnapshot {
        let counters = loops.withLock { $0 }
        return TrafficSnapshot(routeNames: routeNames, layout: layout, loopValues: counters.map { $0.values() })
    }
}
