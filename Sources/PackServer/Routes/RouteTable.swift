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
/// Routes declared `inViews` also answer behind a view prefix (docs/channels.md "Views"): the responder takes
/// the prefix off, resolves the view and asks the table with the rest of the path and that view; a path after
/// a prefix that no such route claims is 404 (no static file lives in a view).
///
/// Each response is tagged with the route that answered (`HTTPResponse.route`, an index into `routeNames`)
/// for the traffic counters of docs/metrics.md: its pattern (`{view}` in front when a prefix named a view),
/// `static` for the fallback, `other` for answers no route gave (405, a malformed or unmatched path, and
/// whatever the responder answers before the table). Each answer comes with what it is for caches
/// (`CachePolicy.Kind`, declared with the route), for `ResponseFinisher`.
struct RouteTable: Sendable {
    /// `view` is the one a prefix named; nil for a request without one.
    typealias Handler = @Sendable (_ request: HTTPRequest, _ parameters: [String], _ view: ServedView?) -> HTTPResponse
    /// What a route's answers are for caches, from its parameters (`/packs/{id}` → `.pack(id:)`).
    typealias Caching = @Sendable (_ parameters: [String]) -> CachePolicy.Kind

    struct Route: Sendable {
        let pattern: RoutePattern
        let handler: Handler
        let caching: Caching
        let label: RouteLabel
        /// The label of its answers behind a view prefix; nil when it takes none.
        let viewLabel: RouteLabel?

        func answer(_ request: HTTPRequest, _ parameters: [String], view: ServedView?) -> (HTTPResponse, CachePolicy.Kind) {
            var response = handler(request, parameters, view)
            response.route = view == nil ? label : viewLabel ?? label
            return (response, caching(parameters))
        }
    }

    static let allowedMethods = "GET, HEAD"

    private var exact: [String: Route] = [:]
    private var parametric: [String: [Route]] = [:]
    let fallback: @Sendable (HTTPRequest) -> HTTPResponse

    /// The traffic counters' route names, by `RouteLabel` index: `other`, `static`, then each route's pattern
    /// in the order added (followed by `{view}` and the pattern for routes that answer in views).
    private(set) var routeNames = ["other", "static"]
    static let fallbackLabel = RouteLabel(1)

    init(fallback: @escaping @Sendable (HTTPRequest) -> HTTPResponse) {
        self.fallback = fallback
    }

    /// Adds a GET/HEAD route. Patterns start with a literal segment; the first added wins a tie.
    /// - Parameter inViews: the route also answers behind a view prefix (a document or pack path).
    mutating func get(
        _ pattern: String, inViews: Bool = false, caching: @escaping Caching = { _ in .other },
        _ handler: @escaping Handler
    ) {
        let parsed = RoutePattern(pattern)
        precondition(parsed.firstLiteral != nil, "a route pattern starts with a literal segment: \(pattern)")
        routeNames.append(parsed.description)
        let label = RouteLabel(routeNames.count - 1)
        var viewLabel: RouteLabel?
        if inViews {
            routeNames.append("{view}" + parsed.description)
            viewLabel = RouteLabel(routeNames.count - 1)
        }
        let route = Route(pattern: parsed, handler: handler, caching: caching, label: label, viewLabel: viewLabel)
        if parsed.isExact {
            exact[pattern] = exact[pattern] ?? route
        } else {
            parametric[parsed.firstLiteral!, default: []].append(route)
        }
    }

    func respond(to request: HTTPRequest) -> (HTTPResponse, CachePolicy.Kind) {
        guard request.method.isGetOrHead else { return (.methodNotAllowed(allow: Self.allowedMethods), .other) }
        return route(request, path: request.path, view: nil) ?? {
            var response = fallback(request)
            response.route = Self.fallbackLabel
            return (response, .other)
        }()
    }

    /// The answer of a route that answers in views, for `path` (what follows the prefix) in `view`.
    func respond(to request: HTTPRequest, in view: ServedView, path: Substring) -> (HTTPResponse, CachePolicy.Kind) {
        guard request.method.isGetOrHead else { return (.methodNotAllowed(allow: Self.allowedMethods), .other) }
        return route(request, path: String(path), view: view) ?? (.notFound(request.path), .other)
    }

    /// The route's answer, or nil when no route's first segment matches (the caller's fallback answers).
    private func route(_ request: HTTPRequest, path: String, view: ServedView?) -> (HTTPResponse, CachePolicy.Kind)? {
        if let route = exact[path] {
            guard view == nil || route.viewLabel != nil else { return (.notFound(request.path), .other) }
            return route.answer(request, [], view: view)
        }
        guard let routes = parametric[Self.firstSegment(of: path)] else { return nil }
        guard let segments = SafePath(percentEncodedPath: path)?.segments else {
            return (.problem(.badRequest, detail: "malformed path"), .other)
        }
        for route in routes where view == nil || route.viewLabel != nil {
            if let parameters = route.pattern.match(segments) { return route.answer(request, parameters, view: view) }
        }
        return (.notFound(request.path), .other)
    }

    /// `/packs/level-1` → `packs` (still percent-encoded: route literals are plain ASCII).
    static func firstSegment(of path: String) -> String {
        let rest = path.utf8.dropFirst()
        let end = rest.firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
        return String(Substring(rest[..<end]))
    }
}
