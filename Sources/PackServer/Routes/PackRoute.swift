import Foundation
import HTTP1
import HTTPServer
import PackStore

/// `/…/packs/{id}` (in every view) and `/blobs/sha256/{hex}`: pack bytes through the HTTP core's RepresentationResponder, with the
/// SHA-256 as strong ETag (docs/api.md "HTTP").
///
/// Every answer with the bytes (200, 206, 304, also to HEAD) carries `BrowserSafetyFields`: an uploaded HTML
/// or SVG pack must not run on this origin.
///
/// A private pack's bytes (by id, or by a digest in `ReleaseSnapshot.privateDigests`) are served only to
/// requests `DownloadCredentials` admits, with `Cache-Control: private, no-store`; others get 403 and no bytes.
/// Public answers get their lifetimes and surrogate keys from `CachePolicy`.
struct PackRoute {
    let live: LiveRelease
    let files: RepresentationResponder
    let openFiles: OpenFileCache
    let credentials: DownloadCredentials
    /// Unix seconds, for the expiry of signed URLs.
    var now: @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970) }
    /// A replica's: a blob the release lists that is not in its cache yet is copied in while the request waits.
    var readThrough: BlobReadThrough?

    /// Pack `id` as `view` serves it.
    func pack(id: String, in view: ServedView, request: HTTPRequest) -> HTTPResponse {
        guard let pack = view.release.snapshot.packs[id] else { return .notFound(request.path) }
        var cacheControl: String?
        if pack.access == .private {
            if let refusal = refusal(of: request, path: "\(view.prefix)/packs/\(id)") { return refusal }
            cacheControl = CachePolicy.privateBytes
        }
        return serve(
            path: pack.blobPath, sha256: pack.sha256, expectedSize: pack.size, contentType: pack.contentType,
            cacheControl: cacheControl, request: request)
    }

    /// A blob a retained release lists, by digest; any other (a version only the draft knows, one no release
    /// kept) is not found, whether or not its file exists (docs/api.md "Private packs"). Its bytes can never
    /// change (`CachePolicy` lets caches keep it a year). Blobs of earlier releases stay reachable here until `gc` prunes
    /// their releases, so a client holding an older manifest can finish its downloads. Access follows the
    /// newest release that lists the blob (`ReleaseSnapshot.privateDigests`). The size is checked against
    /// the index exactly as for `/packs/{id}`.
    func blob(hex: String, request: HTTPRequest) -> HTTPResponse {
        // The newest release's snapshot lists the blobs of every retained release, whichever channel answers it.
        guard let release = live.newest else { return .noRelease }
        guard let path = release.snapshot.blobPath(forSHA256: hex) else { return .notFound(request.path) }
        var cacheControl: String?
        // Most stores have no private pack: then no digest is hashed for the lookup.
        if !release.snapshot.privateDigests.isEmpty, release.snapshot.privateDigests.contains(hex) {
            if let refusal = refusal(of: request, path: "/blobs/sha256/\(hex)") { return refusal }
            cacheControl = CachePolicy.privateBytes
        }
        if let blob = release.blobsByDigest[hex] {
            return serve(
                path: path, sha256: hex, expectedSize: blob.size, contentType: blob.contentType,
                cacheControl: cacheControl, request: request)
        }
        guard let size = release.snapshot.otherBlobSizes[hex] else { return .notFound(request.path) }
        // Unlike the current release's blobs, one of an earlier release may have been removed by `gc` since
        // the snapshot was loaded (it is reloaded only on a new release): for the client it is simply gone.
        return serve(
            path: path, sha256: hex, expectedSize: size, contentType: MediaTypes.defaultType,
            cacheControl: cacheControl, missingIsNotFound: true, request: request)
    }

    /// 403 unless the request brings credentials for private bytes. Decided before the file is opened or
    /// any precondition or range is looked at, so a refused client learns nothing about the bytes.
    private func refusal(of request: HTTPRequest, path: String) -> HTTPResponse? {
        credentials.verdict(for: request, path: path, now: now())
            .refusal(missing: "this pack is private: use a signed URL or a token with the download scope")
            .map { .problem(.forbidden, detail: $0) }
    }

    private func serve(
        path: String, sha256: String, expectedSize: Int64, contentType: String, cacheControl: String?,
        missingIsNotFound: Bool = false, request: HTTPRequest
    ) -> HTTPResponse {
        guard let entityTag = EntityTag(opaqueTag: sha256) else {
            return .problem(.internalServerError, detail: "the index holds an invalid digest for this pack")
        }
        // A replica's cache evicts the least recently requested blobs first.
        readThrough?.cache.noteUse(sha256)
        let file: OpenFile
        do {
            file = try openFiles.open(path: path)
        } catch {
            if case .notFound = error, let readThrough {
                return Self.readingThrough(readThrough, sha256: sha256, size: expectedSize) { [self] in
                    var local = self
                    local.readThrough = nil
                    return local.serve(
                        path: path, sha256: sha256, expectedSize: expectedSize, contentType: contentType,
                        cacheControl: cacheControl, missingIsNotFound: missingIsNotFound, request: request)
                }
            }
            if case .notFound = error, missingIsNotFound { return .notFound(request.path) }
            return .problem(.internalServerError, detail: "the stored bytes of this pack cannot be read")
        }
        // The manifest promised this exact size (essential downloads fail otherwise), and the strong ETag
        // names the whole blob: never serve one that no longer matches its index entry. `packserve fsck`
        // tells which one.
        guard file.size == expectedSize else {
            return .problem(.internalServerError, detail: "the stored bytes of this pack are damaged")
        }
        var representation = Representation(
            file: file, contentType: contentType, entityTag: entityTag, cacheControl: cacheControl)
        representation.fixedFields = BrowserSafetyFields.forPack(contentType: contentType)
        return files.respond(to: request.head, with: representation)
    }

    /// Answers later, once the blob is copied into the cache (`answer` then serves it from there), or with 503
    /// when it could not be: the bucket may be back on the client's next try.
    private static func readingThrough(
        _ readThrough: BlobReadThrough, sha256: String, size: Int64, answer: @escaping @Sendable () -> HTTPResponse
    ) -> HTTPResponse {
        let pending = DeferredResponse()
        readThrough.fetch(sha256, size: size) { copied in
            pending.complete(copied ? answer() : .problem(
                .serviceUnavailable, detail: "this pack's bytes could not be copied from the bucket yet",
                headers: ["Retry-After": "1"]))
        }
        return .deferred(pending)
    }
}
