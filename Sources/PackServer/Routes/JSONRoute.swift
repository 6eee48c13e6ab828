import HTTPServer
import Manifest
import PackStore

/// The JSON documents: `/tags/{tag}`, `/tags?tag=…`, `/releases`, and `/readyz`.
struct JSONRoute {
    let live: LiveRelease

    /// `{"tag","release","packs":[…],"totalBytes"}`, or 404 for a tag the current release doesn't have.
    func tag(_ tag: String, request: HTTPRequest) -> HTTPResponse {
        guard let release = live.release else { return .noRelease }
        guard let ids = release.snapshot.tags[tag] else { return .unknownTag(tag, release: release) }
        let packs = ids.compactMap(release.catalogPack)
        let document = TagDocument(
            tag: tag, release: release.snapshot.release, packs: packs, totalBytes: packs.reduce(0) { $0 + $1.pack.size })
        return json(try? CanonicalJSON.encode(document), request: request)
    }

    /// `/tags?tag=A&tag=B…`: one answer for a set of tags, as `NSBundleResourceRequest(tags:)` asks for them:
    /// `{"tags","release","packs":[…],"totalBytes"}` with every pack carrying any of the tags, once, sorted by
    /// id. 404 naming the first tag the release lacks; 400 for no tag or a malformed query.
    func tagSet(request: HTTPRequest) -> HTTPResponse {
        guard let release = live.release else { return .noRelease }
        guard let requested = QueryParameters(request.head.query).values(named: "tag") else {
            return .problem(.badRequest, detail: "the query is not valid percent-encoding")
        }
        guard !requested.isEmpty else {
            return .problem(.badRequest, detail: "name at least one tag: /tags?tag=A&tag=B")
        }
        var ids: Set<String> = []
        for tag in requested {
            guard let tagged = release.snapshot.tags[tag] else { return .unknownTag(tag, release: release) }
            ids.formUnion(tagged)
        }
        let packs = ids.sorted().compactMap(release.catalogPack)
        let document = TagSetDocument(
            tags: Set(requested).sorted(), release: release.snapshot.release, packs: packs,
            totalBytes: packs.reduce(0) { $0 + $1.pack.size })
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
    let packs: [CatalogPack]
    let totalBytes: Int64
}

/// The `/tags?tag=…` document: the union of several tags' packs.
struct TagSetDocument: Encodable {
    let tags: [String]
    let release: Int
    let packs: [CatalogPack]
    let totalBytes: Int64
}
