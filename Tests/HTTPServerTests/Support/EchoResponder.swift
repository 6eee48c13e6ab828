import HTTPServer

/// Answers every request with 200 and a body that identifies it: `<METHOD> <target>` and, when the
/// request had a body, a newline and the body bytes. Pipelining and body tests check the echo.
/// Bodies are read whole (at most `maxBodyBytes`, on a worker) for every path except `/read-only`, which
/// answers 405 without reading them.
struct EchoResponder: HTTPResponder {
    var maxBodyBytes = 64 * 1024

    func respond(to request: HTTPRequest) -> HTTPResponse {
        guard request.body != nil else { return Self.echo(request, body: []) }
        if request.path == "/read-only" { return .problem(.methodNotAllowed, headers: ["Allow": "GET, HEAD"]) }
        return .readingBody(of: request, upTo: maxBodyBytes) { request, body in Self.echo(request, body: body) }
    }

    static func echo(_ request: HTTPRequest, body content: [UInt8]) -> HTTPResponse {
        var body = Array("\(request.method.rawValue) \(request.head.target)".utf8)
        if !content.isEmpty {
            body.append(0x0A)
            body.append(contentsOf: content)
        }
        return HTTPResponse(status: .ok, headers: ["Content-Type": "text/plain"], body: .bytes(body))
    }
}
