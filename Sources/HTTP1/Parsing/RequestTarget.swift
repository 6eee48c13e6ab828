/// A request target split into the parts the server routes on (RFC 9112 §3.2).
///
/// Accepted: origin-form `/path?query`; absolute-form `http://host[:port]/path?query` (also `https`,
/// scheme case-insensitive); asterisk-form `*` with OPTIONS only. Refused with 400: authority-form
/// (the server is no proxy, so CONNECT has no use), relative references, fragments, userinfo, and any
/// byte outside the URI alphabet (spaces, controls, non-ASCII, `\`, `"`, `{`, …) or a `%` not followed by
/// two hex digits. Clients must percent-encode such bytes (RFC 3986 §2.1); refusing them keeps the path
/// the router sees identical to what every intermediary saw.
public struct RequestTarget: Sendable, Equatable {
    /// Still percent-encoded; starts with `/`, or is `*` for asterisk-form.
    public var path: String
    /// Without the `?`; `""` for a bare `?`, nil when there is no `?`.
    public var query: String?
    /// The host of an absolute-form target, lowercased, without port (RFC 9112 §3.2.2: it overrides Host).
    public var absoluteFormHost: String?

    public init(path: String, query: String? = nil, absoluteFormHost: String? = nil) {
        self.path = path
        self.query = query
        self.absoluteFormHost = absoluteFormHost
    }

    /// Splits `bytes`, a target as it appears in a request line. `target` is the same bytes as a string,
    /// reused for `path` when the target is a bare origin-form path (the common case: no extra copy).
    static func parse(
        _ bytes: UnsafeRawBufferPointer, target: String, method: HTTPMethod
    ) throws(HTTPProblem) -> RequestTarget {
        guard let first = bytes.first else { throw .badRequest("empty request target") }
        if first == HTTPGrammar.slash {
            let pathEnd = try validatePathAndQuery(bytes, from: 0)
            guard pathEnd < bytes.count else { return RequestTarget(path: target) }
            return RequestTarget(path: bytes.string(0..<pathEnd), query: bytes.string(pathEnd + 1..<bytes.count))
        }
        if bytes.count == 1 && first == UInt8(ascii: "*") {
            // RFC 9112 §3.2.4: asterisk-form is only for a server-wide OPTIONS.
            guard method == .options else { throw .badRequest("asterisk-form target is only allowed with OPTIONS") }
            return RequestTarget(path: "*")
        }
        return try parseAbsoluteForm(bytes)
    }

    /// RFC 9112 §3.2.2: `http://` or `https://`, an authority without userinfo, then path-abempty and query.
    private static func parseAbsoluteForm(_ bytes: UnsafeRawBufferPointer) throws(HTTPProblem) -> RequestTarget {
        guard let authorityStart = schemeLength(bytes) else {
            throw .badRequest("request target is not origin-form or absolute-form")
        }
        var authorityEnd = authorityStart
        while authorityEnd < bytes.count && bytes[authorityEnd] != HTTPGrammar.slash
            && bytes[authorityEnd] != HTTPGrammar.question
        {
            authorityEnd += 1
        }
        let authority = bytes.rebased(authorityStart..<authorityEnd)
        guard let hostLength = HostSyntax.hostLength(authority) else {
            throw .badRequest("invalid authority in absolute-form target")
        }
        // RFC 9110 §4.2.1: an http(s) URI with an empty host is invalid.
        guard hostLength > 0 else { throw .badRequest("absolute-form target without host") }
        let host = authority.lowercasedString(0..<hostLength)
        let pathEnd = try validatePathAndQuery(bytes, from: authorityEnd)
        let path = pathEnd == authorityEnd ? "/" : bytes.string(authorityEnd..<pathEnd)
        let query = pathEnd < bytes.count ? bytes.string(pathEnd + 1..<bytes.count) : nil
        return RequestTarget(path: path, query: query, absoluteFormHost: host)
    }

    /// The index just past `http://` or `https://` (scheme names are case-insensitive, RFC 3986 §3.1).
    private static func schemeLength(_ bytes: UnsafeRawBufferPointer) -> Int? {
        if matches(bytes, "http://") { return 7 }
        if matches(bytes, "https://") { return 8 }
        return nil
    }

    private static func matches(_ bytes: UnsafeRawBufferPointer, _ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard bytes.count >= count else { return false }
        let expected = prefix.utf8Start
        for index in 0..<count where HTTPGrammar.lowercased(bytes[index]) != expected[index] {
            return false
        }
        return true
    }

    /// Checks `path-abempty [ "?" query ]` from `start` to the end and returns the index of the `?` (or the
    /// end). `#` is refused: a fragment is never sent in a request (RFC 9112 §3.2).
    private static func validatePathAndQuery(
        _ bytes: UnsafeRawBufferPointer, from start: Int
    ) throws(HTTPProblem) -> Int {
        var index = start
        var queryStart: Int?
        while index < bytes.count {
            let byte = bytes[index]
            if byte == HTTPGrammar.percent {
                guard HTTPGrammar.isPercentEscape(bytes, at: index) else {
                    throw .badRequest("invalid percent-encoding in request target")
                }
                index += 3
                continue
            }
            if queryStart == nil {
                if byte == HTTPGrammar.question {
                    queryStart = index
                } else if !(HTTPGrammar.isPathByte(byte) || byte == HTTPGrammar.slash) {
                    throw .badRequest(byte == UInt8(ascii: "#") ? "fragment in request target" : "invalid byte in request path")
                }
            } else if !HTTPGrammar.isQueryByte(byte) {
                throw .badRequest(byte == UInt8(ascii: "#") ? "fragment in request target" : "invalid byte in request query")
            }
            index += 1
        }
        return queryStart ?? bytes.count
    }
}
