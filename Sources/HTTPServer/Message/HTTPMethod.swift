/// The request methods of RFC 9110 §9. The parser answers any other token with 501 Not Implemented.
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

    /// RFC 9110 §9.2.1: GET and HEAD are safe, which is what conditional GET (304) is defined for.
    public var isGetOrHead: Bool { self == .get || self == .head }
}
