import HTTPServer
import PackStore

/// `/download-manifest.json[?platform=P]` and `/manifest?platform=P`: the download manifest of managed
/// Background Assets for the current release, precomputed when the release was loaded.
struct DownloadManifestRoute {
    let live: LiveRelease
    let files: RepresentationResponder

    func respond(to request: HTTPRequest) -> HTTPResponse {
        guard let release = live.release else { return .noRelease }
        guard let values = QueryParameters(request.head.query).values(named: "platform") else {
            return .problem(.badRequest, detail: "the query is not valid percent-encoding")
        }
        guard values.count <= 1 else { return .problem(.badRequest, detail: "give platform at most once") }
        var platform: ApplePlatform?
        if let value = values.first {
            do {
                platform = try ApplePlatform(parsing: value)
            } catch {
                return .problem(.badRequest, detail: "\(error)")
            }
        }
        return release.downloadManifests.document(for: platform).respond(to: request.head, with: files)
    }

    /// Whether a `/manifest` request asks for the download manifest (it names a platform) rather than the
    /// signed JWS. A request without a query never pays for parsing one.
    static func isRequested(by request: HTTPRequest) -> Bool {
        guard let query = request.head.query else { return false }
        return QueryParameters(query).pairs?.contains { $0.name == "platform" } ?? true
    }
}
