/// Which route answered a response, as an index into `TrafficMetrics.routeNames`. The application tags
/// its responses (`HTTPResponse.route`); the server only carries the number to the traffic counters, so
/// it stays ignorant of what the routes are.
public struct RouteLabel: Sendable, Hashable {
    public let index: Int

    public init(_ index: Int) {
        precondition(index >= 0, "a route label is an index into the route names")
        self.index = index
    }

    /// No route: refused requests and responses the application did not tag (index 0).
    public static let unrouted = RouteLabel(0)
}
