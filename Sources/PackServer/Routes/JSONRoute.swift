import HTTPServer
import Manifest
import PackStore

/// The JSON documents: `/tags/{tag}`, `/releases`, and `/readyz`.
struct JSONRoute {
    let live: LiveRelease

    /// `{"tag","release","packs":[…],"totalBytes"}`, or 404 for a tag the current release doesn't have.
    func tag(_ tag: String, request: HTTPRequest) -> HTTPResponse {
        guard let release = live.release else { return .noRelease }
        guard let ids = release.snapshot.tags[tag] else {
            return .problem(.notFound, detail: "no pack in release \(release.snapshot.release) has tag \(tag)")
        }
        let packs = ids.compactMap(release.manifestPack)
        let document = TagDocument(
            tag: tag, release: release.snapshot.release, packs: packs, totalBytes: packs.reduce(0) { $0 + $1.size })
        return json(try? CanonicalJSON.encode(document), request: request)
    }

    func releases(request: HTTPRequest) -> HTTPResponse {
        guard let release = live.release else { return json(Array("[]".utf8), request: request) }
        return json(release.releasesDocument, request: request)
    }

    /// 200 once a release is loaded, 503 before: a load balancer should not send clients here before then.
    func readiness(request: HTTPRequest) -> HTTPResponse {
        guard let release = live.release else { return .noRelease }
        return HTTPResponse(
            status: .ok, headers: ["Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store"],
            body: .string("release \(release.snapshot.release)\n"))
    }

    private func json(_ body: [UInt8]?, request: HTTPRequest) -> HTTPResponse {
        guard request.method.isGetOrHead else { return .methodNotAllowed(allow: "GET, HEAD") }
        guard let body else { return .problem(.internalServerError, detail: "cannot encode the document") }
        return HTTPResponse(
            status: .ok, headers: ["Content-Type": "application/json", "Cache-Control": "no-cache"], body: .bytes(body))
    }
}

/// The `/tags/{tag}` document.
struct TagDocument: Encodable {
    let tag: String
    let release: Int
    let packs: [ManifestPack]
    let totalBytes: Int64
}
