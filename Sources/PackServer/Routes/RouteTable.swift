import HTTP1
import HTTPServer

/// Method and path pattern → handler. Every route answers GET and HEAD only: any other method gets 405 with
/// `Allow: GET, HEAD` before a handler runs, so no file is opened and no document is looked at for it.
///
/// Lookup is cheap on purpose (`/packs/{id}` is the hottest path): one hash lookup of the raw path for the
/// exact routes, else one of its first segment; only then is the path percent-decoded (SafePath refuses
/// `..`, NUL and encoded slashes, so a parameter never names a file path) and matched segment by segment.
/// A path no route claims goes to `fallback` (the static files).
///
/// Each response is tagged with the route that answered (`HTTPResponse.route`, an index into `routeNames`)
/// for the traffic counters of docs/metrics.md: its pattern, `static` for the fallback, `other` for
/// answers no route gave (405, a malformed or unmatched path, and whatever the responder answers before
/// the table). Each answer comes with what it is for caches (`CachePolicy.Kind`, declared with the route),
/// for `ResponseFinisher`.
struct RouteTable: Sendable {
    typealias Handler = @Sendable (_ request: HTTPRequest, _ parameters: [String]) -> HTTPResponse
    /// What a route's answers are for caches, from its parameters (`/packs/{id}` → `.pack(id:)`).
    typealias Caching = @Sendable (_ parameters: [String]) -> CachePolicy.Kind

    struct Route: Sendable {
        let pattern: RoutePattern
        let handler: Handler
        let caching: Caching
        let label: RouteLabel

        func answer(_ request: HTTPRequest, _ parameters: [String]) -> (HTTPResponse, CachePolicy.Kind) {
            var response = handler(request, parameters)
            response.route = label
            return (response, caching(parameters))
        }
    }

    static let allowedMethods = "GET, HEAD"

    private var exact: [String: Route] = [:]
    private var parametric: [String: [Route]] = [:]
    private(set) var patterns: [RoutePattern] = []
    let fallback: @Sendable (HTTPRequest) -> HTTPResponse

    /// The traffic counters' route names, by `RouteLabel` index: `other`, `static`, then each pattern.
    var routeNames: [String] { ["other", "static"] + patterns.map(\.description) }
    static let fallbackLabel = RouteLabel(1)

    init(fallback: @escaping @Sendable (HTTPRequest) -> HTTPResponse) {
        self.fallback = fallback
    }

    /// Adds a GET/HEAD route. Patterns start with a literal segment; the first added wins a tie.
    mutating func get(_ pattern: String, caching: @escaping Caching = { _ in .other }, _ handler: @escaping Handler) {
        let parsed = RoutePattern(pattern)
        precondition(parsed.firstLiteral != nil, "a route pattern starts with a literal segment: \(pattern)")
        patterns.append(parsed)
        let route = Route(pattern: parsed, handler: handler, caching: caching, label: RouteLabel(1 + patterns.count))
        if parsed.isExact {
            exact[pattern] = exact[pattern] ?? route
        } else {
            parametric[parsed.firstLiteral!, default: []].append(route)
        }
    }

    func respond(to request: HTTPRequest) -> (HTTPResponse, CachePolicy.Kind) {
        guard request.method.isGetOrHead else { return (.methodNotAllowed(allow: Self.allowedMethods), .other) }
        let path = request.path
        if let route = exact[path] { return route.answer(request, []) }
        guard let routes = parametric[Self.firstSegment(of: path)] else {
            var response = fallback(request)
            response.route = Self.fallbackLabel
            return (response, .other)
        }
        guard let segments = SafePath(percentEncodedPath: path)?.segments else {
            return (.problem(.badRequest, detail: "malformed path"), .other)
        }
        for route in routes {
            if let parameters = route.pattern.match(segments) { return route.answer(request, parameters) }
        }
        return (.notFound(path), .other)
    }

    /// `/packs/level-1` → `packs` (still percent-encoded: route literals are plain ASCII).
    static func firstSegment(of path: String) -> String {
        let rest = path.utf8.dropFirst()
        let end = rest.firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
        return String(Substring(rest[..<end]))
    }
}
