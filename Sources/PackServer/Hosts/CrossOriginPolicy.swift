import HTTP1
import HTTPServer

/// CORS (Fetch standard) for browsers on allowed origins only: web builds of a game can read the manifest
/// and download packs with ranges; any other origin gets no CORS headers, so browsers withhold the answer.
struct CrossOriginPolicy: Sendable {
    let hosts: HostAllowList

    static let allowedRequestHeaders = "Authorization, Range, If-Range, If-Match, If-None-Match, If-Modified-Since, If-Unmodified-Since"
    static let exposedHeaders = "Content-Length, Content-Range, Accept-Ranges, ETag, Last-Modified"

    /// Answers a CORS preflight (`OPTIONS` with `Access-Control-Request-Method`), or nil if `request` is not one.
    func preflight(_ request: HTTPRequest) -> HTTPResponse? {
        guard request.method == .options, request.headers.contains("access-control-request-method") else { return nil }
        var headers: HTTPHeaders = ["Vary": "Origin", "Allow": "GET, HEAD, OPTIONS"]
        if let origin = request.headers["origin"], hosts.allowsOrigin(origin) {
            headers.add("Access-Control-Allow-Origin", origin)
            headers.add("Access-Control-Allow-Methods", "GET, HEAD")
            headers.add("Access-Control-Allow-Headers", Self.allowedRequestHeaders)
            headers.add("Access-Control-Max-Age", "86400")
        }
        return HTTPResponse(status: .noContent, headers: headers)
    }

    /// Adds the CORS response headers when the request's Origin is allowed.
    func decorate(_ response: inout HTTPResponse, for request: HTTPRequest) {
        guard let origin = request.headers["origin"] else { return }
        // Responses differ by Origin, so shared caches must key on it.
        response.headers.add("Vary", "Origin")
        guard hosts.allowsOrigin(origin) else { return }
        response.headers.add("Access-Control-Allow-Origin", origin)
        response.headers.add("Access-Control-Expose-Headers", Self.exposedHeaders)
    }
}
