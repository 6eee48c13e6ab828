import HTTPServer

/// Answers every request with 200 and the client address its origin names (`RequestOrigin.client()`), or
/// `-` when there is none: what the proxy tests check the PROXY header and X-Forwarded-For against.
struct ClientEchoResponder: HTTPResponder {
    func respond(to request: HTTPRequest) -> HTTPResponse {
        let client = request.origin.client()?.address ?? "-"
        return HTTPResponse(status: .ok, headers: ["Content-Type": "text/plain"], body: .bytes(Array(client.utf8)))
    }
}
