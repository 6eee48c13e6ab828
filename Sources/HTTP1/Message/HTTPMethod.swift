/// The request methods of RFC 9110 §9, and QUERY (a safe method with content, being standardised by the
/// IETF HTTP working group, draft-ietf-httpbis-safe-method-w-body), which clients and API testers send: known
/// here, it gets the route's 405 with `Allow` rather than 501. The parser answers any other token with 501
/// Not Implemented.
public enum HTTPMethod: String, Sendable, CaseIterable {
    case get = "GET"
    case head = "HEAD"
    case post = "POST"
    case put = "PUT"
    case delete = "DELETE"
    case options = "OPTIONS"
    case patch = "PATCH"
    case trace = "TRACE"
    case connect = "CONNECT"
    case query = "QUERY"

    /// RFC 9110 §9.2.1: GET and HEAD are safe, which is what conditional GET (304) is defined for.
    public var isGetOrHead: Bool { self == .get || self == .head }
}
