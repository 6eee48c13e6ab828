import HTTPServer

/// Serves one file at every path through `RepresentationResponder`, opening it per request as the real routes do.
/// `afterOpen` runs once the response (and so its Content-Length) is fixed, before any byte is sent:
/// the shrinking-file test truncates the file there.
struct FileServingResponder: HTTPResponder {
    var path: String
    var afterOpen: @Sendable () -> Void = {}

    func respond(to request: HTTPRequest) -> HTTPResponse {
        guard let file = try? OpenFile.open(path: path) else {
            return .problem(.internalServerError, detail: "fixture file missing")
        }
        let response = RepresentationResponder(maxRanges: 16).respond(to: request.head, with: .staticFile(file, path: path))
        afterOpen()
        return response
    }
}
