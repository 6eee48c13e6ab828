import HTTPServer

/// Echoes like `EchoResponder`, and tags responses for the traffic counters: paths under `/routed` as
/// route 1, `/missing…` as an untagged 404.
struct RoutingResponder: HTTPResponder {
    static let routeNames = ["other", "routed"]

    func respond(to request: HTTPRequest) -> HTTPResponse {
        if request.path.hasPrefix("/missing") { return .problem(.notFound) }
        var response = EchoResponder().respond(to: request)
        if request.path.hasPrefix("/routed") { response.route = RouteLabel(1) }
        return response
    }
}
