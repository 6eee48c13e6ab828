import HTTPServer

/// Files under the public directory (the catalog page and its assets), served at `/`.
/// A path that names a directory serves its `index.html`.
struct StaticFileRoute {
    let root: String
    let files: FileResponder
    let openFiles: OpenFileCache

    func respond(to request: HTTPRequest) -> HTTPResponse {
        // SafePath refuses `..`, NUL, backslashes and encoded slashes, so the joined path stays under root.
        guard let safe = SafePath(percentEncodedPath: request.path) else {
            return .problem(.badRequest, detail: "the path is not a valid file path")
        }
        let path = safe.fileSystemPath(under: root)
        let candidates = safe.segments.isEmpty ? ["\(path)/index.html"] : [path, "\(path)/index.html"]
        for path in candidates {
            let file: OpenFile
            do {
                file = try openFiles.open(path: path)
            } catch {
                switch error {
                case .notFound, .notRegularFile: continue
                case .permissionDenied: return .problem(.forbidden, detail: "not readable")
                case .other: return .problem(.internalServerError, detail: "cannot open file")
                }
            }
            return files.respond(to: request.head, with: FileRepresentation.staticFile(file, path: path))
        }
        return .notFound(request.path)
    }
}
