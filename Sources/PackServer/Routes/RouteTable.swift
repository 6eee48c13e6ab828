import HTTPServer

/// Method and path pattern → handler. Every route answers GET and HEAD only: any other method gets 405 with
/// `Allow: GET, HEAD` before a handler runs, so no file is opened and no document is looked at for it.
///
/// Lookup is cheap on purpose (`/packs/{id}` is the hottest path): one hash lookup of the raw path for the
/// exact routes, else one of its first segment; only then is the path percent-decoded (SafePath refuses
/// `..`, NUL and encoded slashes, so a parameter never names a file path) and matched segment by segment.
/// A path no route claims goes to `fallback` (the static files).
struct RouteTable: Sendable {
    typealias Handler = @Sendable (_ request: HTTPRequest, _ parameters: [String]) -> HTTPResponse

    struct Route: Sendable {
        let pattern: RoutePattern
        let handler: Handler
    }

    static let allowedMethods = "GET, HEAD"

    private var exact: [String: Handler] = [:]
    private var parametric: [String: [Route]] = [:]
    private(set) var patterns: [RoutePattern] = []
    let fallback: @Sendable (HTTPRequest) -> HTTPResponse

    init(fallback: @escaping @Sendable (HTTPRequest) -> HTTPResponse) {
        self.fallback = fallback
    }

    /// Adds a GET/HEAD route. Patterns start with a literal segment; the first added wins a tie.
    mutating func get(_ pattern: String, _ handler: @escaping Handler) {
        let parsed = RoutePattern(pattern)
        precondition(parsed.firstLiteral != nil, "a route pattern starts with a literal segment: \(pattern)")
        patterns.append(parsed)
        if parsed.isExact {
            exact[pattern] = exact[pattern] ?? handler
        } else {
            parametric[parsed.firstLiteral!, default: []].append(Route(pattern: parsed, handler: handler))
        }
    }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        guard request.method.isGetOrHead else { return .methodNotAllowed(allow: Self.allowedMethods) }
        let path = request.path
        if let handler = exact[path] { return handler(request, []) }
        guard let routes = parametric[Self.firstSegment(of: path)] else { return fallback(request) }
        guard let segments = SafePath(percentEncodedPath: path)?.segments else {
            return .problem(.badRequest, detail: "malformed path")
        }
        for route in routes {
            if let parameters = route.pattern.match(segments) { return route.handler(request, parameters) }
        }
        return .notFound(path)
    }

    /// `/packs/level-1` → `packs` (still percent-encoded: route literals are plain ASCII).
    static func firstSegment(of path: String) -> String {
        let rest = path.utf8.dropFirst()
        let end = rest.firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
        return String(Substring(rest[..<end]))
    }
}
