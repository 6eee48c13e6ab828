import HTTP1
import HTTPServer
import JSONText
import Manifest
import PackStore

/// The JSON documents: `/…/tags/{tag}`, `/…/tags?tag=…` (in every view), `/releases`, `/channels` and
/// `/readyz`. Each is encoded once per release or view (tag documents on first request) and answered with its ETag, conditional GET, gzip and ranges
/// like every other document.
struct JSONRoute {
    let live: LiveRelease
    let files: RepresentationResponder

    /// `{"tag","release","packs":[…],"totalBytes"}`, or 404 for a tag the current release doesn't have.
    func tag(_ tag: String, in view: ServedView, request: HTTPRequest) -> HTTPResponse {
        let release = view.release
        guard let ids = release.snapshot.tags[tag] else { return .unknownTag(tag, release: release) }
        let document = release.tagDocuments.document(for: [tag]) {
            let packs = ids.compactMap(release.catalogPack)
            return Self.document(TagDocument(
                tag: tag, release: release.snapshot.release, packs: packs, totalBytes: packs.reduce(0) { $0 + $1.pack.size }),
                release: release)
        }
        return respond(with: document, to: request)
    }

    /// `/tags?tag=A&tag=B…`: one answer for a set of tags, as `NSBundleResourceRequest(tags:)` asks for them:
    /// `{"tags","release","packs":[…],"totalBytes"}` with every pack carrying any of the tags, once, sorted by
    /// id. 404 naming the first tag the release lacks; 400 for no tag or a malformed query.
    func tagSet(in view: ServedView, request: HTTPRequest) -> HTTPResponse {
        let release = view.release
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
        let tags = Set(requested).sorted()
        // Keyed apart from `/tags/{tag}` (a one-tag set is a different document shape).
        let document = release.tagDocuments.document(for: [""] + tags) {
            let packs = ids.sorted().compactMap(release.catalogPack)
            return Self.document(TagSetDocument(
                tags: tags, release: release.snapshot.release, packs: packs, totalBytes: packs.reduce(0) { $0 + $1.pack.size }),
                release: release)
        }
        return respond(with: document, to: request)
    }

    /// `GET /releases`, as the newest release's load read the history (every channel's releases).
    func releases(request: HTTPRequest) -> HTTPResponse {
        guard let release = live.newest else {
            guard request.method.isGetOrHead else { return .methodNotAllowed(allow: "GET, HEAD") }
            return HTTPResponse(
                status: .ok, headers: ["Content-Type": "application/json"], body: .string("[]"))
        }
        return release.releasesDocument.respond(to: request.head, with: files)
    }

    /// `GET /channels`: the channels that need no credentials (docs/channels.md), for the catalog page.
    func channels(request: HTTPRequest) -> HTTPResponse {
        guard let document = live.channels else {
            return HTTPResponse(status: .ok, headers: ["Content-Type": "application/json"], body: .string("[]"))
        }
        return document.respond(to: request.head, with: files)
    }

    /// 200 once a release is loaded, 503 before: a load balancer should not send clients here before then.
    /// Names the release only when `namingRelease` (not for probes naming another host, docs/http.md "Probes").
    func readiness(request: HTTPRequest, namingRelease: Bool) -> HTTPResponse {
        guard let release = live.release else { return .noRelease }
        return HTTPResponse(
            status: .ok, headers: ["Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store"],
            body: .string(namingRelease ? "release \(release.snapshot.release)\n" : "ready\n"))
    }

    /// A tag document of `release`, named by its content (a tag's packs may be unchanged across releases, and
    /// then so is its ETag), compressed like the release's other documents.
    private static func document(_ value: some Encodable, release: PublishedRelease) -> EncodedDocument? {
        guard let body = try? CanonicalJSON.encode(value) else { return nil }
        return EncodedDocument(
            body: body, contentType: "application/json", entityTag: Fingerprint.entityTag(prefix: "t", body: body),
            lastModified: Int64(release.snapshot.createdAt.timeIntervalSince1970), cacheControl: nil, compress: true)
    }

    private func respond(with document: EncodedDocument?, to request: HTTPRequest) -> HTTPResponse {
        guard let document else { return .problem(.internalServerError, detail: "cannot encode the document") }
        return document.respond(to: request.head, with: files)
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
