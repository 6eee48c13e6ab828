import HTTP1
import HTTPServer

/// `/healthz`: 200 while the process is alive and its event loops answer.
struct HealthRoute {
    func respond(to request: HTTPRequest) -> HTTPResponse {
        guard request.method.isGetOrHead else { return .methodNotAllowed(allow: "GET, HEAD") }
        var headers: HTTPHeaders = ["Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store"]
        headers.add("X-Content-Type-Options", "nosniff")
        return HTTPResponse(status: .ok, headers: headers, body: .string("ok\n"))
    }
}
