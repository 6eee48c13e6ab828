import HTTP1
import HTTPServer

/// Files under the public directory (the catalog page and its assets), served at `/`.
/// A path that names a directory serves its `index.html`. Every answer carries the catalog page's
/// Content-Security-Policy and `nosniff` (`BrowserSafetyFields.publicDirectory`).
struct StaticFileRoute {
    let root: String
    let files: RepresentationResponder
    let openFiles: OpenFileCache

    func respond(to request: HTTPRequest) -> HTTPResponse {
        // SafePath refuses `..`, NUL, backslashes and encoded slashes; opening beneath the root refuses
        // symbolic links, so nothing outside the public directory is ever served (docs/http.md "At a glance").
        guard let safe = SafePath(percentEncodedPath: request.path) else {
            return .problem(.badRequest, detail: "the path is not a valid file path")
        }
        // The index file is only tried (and its segments only built) when the path is not a file.
        var segments = safe.segments
        var triedIndex = segments.isEmpty
        if triedIndex { segments.append("index.html") }
        while true {
            let file: OpenFile
            do {
                file = try openFiles.open(segments: segments, beneath: root)
            } catch {
                switch error {
                case .notFound, .notRegularFile:
                    if triedIndex { return .notFound(request.path) }
                    triedIndex = true
                    segments.append("index.html")
                    continue
                case .permissionDenied: return .problem(.forbidden, detail: "not readable")
                case .other: return .problem(.internalServerError, detail: "cannot open file")
                }
            }
            // The content type depends on the last segment's extension only.
            var representation = Representation.staticFile(file, path: segments[segments.count - 1])
            representation.fixedFields = BrowserSafetyFields.forPublicFile(contentType: representation.contentType)
            return files.respond(to: request.head, with: representation)
        }
    }
}
