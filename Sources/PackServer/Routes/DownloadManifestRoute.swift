import HTTP1
import HTTPServer
import PackStore

/// `/download-manifest.json[?platform=P]` and `/manifest?platform=P`: the download manifest of managed
/// Background Assets of a view, precomputed when the release was loaded.
///
/// A platform value PackServe does not know, or more than one, gets the whole catalog (logged once per value by
/// `UnknownPlatformLog`), never a 400: a device must not lose its packs over a name it was given by its OS.
struct DownloadManifestRoute {
    let files: RepresentationResponder
    let unknownPlatforms: UnknownPlatformLog

    /// `view`'s download manifest. A cohort names no view of managed devices (their `BAManifestURL` is fixed
    /// per build): cohort views have none (docs/rollouts.md "Cohorts").
    func respond(to request: HTTPRequest, in view: ServedView) -> HTTPResponse {
        guard view.cohort == nil, let manifests = view.release.downloadManifests else {
            return .problem(.notFound, detail: "a cohort's view has no download manifest: managed apps read theirs per build")
        }
        guard let values = QueryParameters(request.head.query).values(named: "platform") else {
            return .problem(.badRequest, detail: "the query is not valid percent-encoding")
        }
        var platform: ApplePlatform?
        if values.count == 1 {
            platform = try? ApplePlatform(parsing: values[0])
        }
        if platform == nil && !values.isEmpty { unknownPlatforms.record(values) }
        return manifests.document(for: platform).respond(to: request.head, with: files)
    }

    /// Whether a `/manifest` request asks for the download manifest (it names a platform) rather than the
    /// signed JWS. A request without a query never pays for parsing one.
    static func isRequested(by request: HTTPRequest) -> Bool {
        guard let query = request.head.query else { return false }
        return QueryParameters(query).pairs?.contains { $0.name == "platform" } ?? true
    }
}
