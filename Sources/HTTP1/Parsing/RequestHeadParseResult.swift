/// What `RequestHeadParser.parse` found at the start of a connection's receive buffer.
public enum RequestHeadParseResult: Sendable {
    /// No complete head yet, and fewer than `maxHeaderBytes` bytes: read more and parse again.
    case incomplete
    /// A valid head occupying the first `headLength` bytes (the body, or the next pipelined request,
    /// starts right after), and how its body is framed.
    case complete(HTTPRequestHead, headLength: Int, framing: BodyFraming)
    /// Refuse with `error.response` and close the connection.
    case invalid(HTTPProblem)
}

extension RequestHeadParseResult: Equatable {
    /// Field-by-field, so tests and fuzzers can assert that split and whole input parse the same.
    public static func == (lhs: RequestHeadParseResult, rhs: RequestHeadParseResult) -> Bool {
        switch (lhs, rhs) {
        case (.incomplete, .incomplete):
            true
        case (.invalid(let a), .invalid(let b)):
            a == b
        case (.complete(let a, let aLength, let aFraming), .complete(let b, let bLength, let bFraming)):
            aLength == bLength && aFraming == bFraming && a.method == b.method && a.target == b.target
                && a.path == b.path && a.query == b.query && a.absoluteFormHost == b.absoluteFormHost
                && a.version == b.version && a.headers.fields == b.headers.fields
        default:
            false
        }
    }
}
