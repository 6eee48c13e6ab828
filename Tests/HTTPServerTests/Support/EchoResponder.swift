import HTTPServer

/// Answers every request with 200 and a body that identifies it: `<METHOD> <target>` and, when the
/// request had a body, a newline and the body bytes. Pipelining and body tests check the echo.
/// Bodies are read for every path except `/read-only`, which refuses them with 405 before reading.
struct EchoResponder: HTTPResponder {
    func refusal(ofBodyFor head: HTTPRequestHead) -> HTTPResponse? {
        head.path == "/read-only" ? .problem(.methodNotAllowed, headers: ["Allow": "GET, HEAD"]) : nil
    }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        var body = Array("\(request.method.rawValue) \(request.head.target)".utf8)
        if !request.body.isEmpty {
            body.append(0x0A)
            body.append(contentsOf: request.body)
        }
        return HTTPResponse(status: .ok, headers: ["Content-Type": "text/plain"], body: .bytes(body))
    }
}
