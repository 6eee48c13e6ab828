import HTTPServer

/// Files under the public directory (the catalog page and its assets), served at `/`.
/// A path that names a directory serves its `index.html`.
struct StaticFileRoute {
    let root: String
    let files: RepresentationResponder
    let openFiles: OpenFileCache

    func respond(to request: HTTPRequest) -> HTTPResponse {
        // SafePath refuses `..`, NUL, backslashes and encoded slashes; opening beneath the root refuses
        // symbolic links, so nothing outside the public directory is ever served (README "Static files").
        guard let safe = SafePath(percentEncodedPath: request.path) else {
            return .problem(.badRequest, detail: "the path is not a valid file path")
        }
        let index = safe.segments + ["index.html"]
        let candidates = safe.segments.isEmpty ? [index] : [safe.segments, index]
        for segments in candidates {
            let file: OpenFile
            do {
                file = try openFiles.open(segments: segments, beneath: root)
            } catch {
                switch error {
                case .notFound, .notRegularFile: continue
                case .permissionDenied: return .problem(.forbidden, detail: "not readable")
                case .other: return .problem(.internalServerError, detail: "cannot open file")
                }
            }
            return files.respond(to: request.head, with: Representation.staticFile(file, path: segments.joined(separator: "/")))
        }
        return .notFound(request.path)
    }
}
