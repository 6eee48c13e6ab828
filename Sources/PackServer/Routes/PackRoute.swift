import HTTPServer
import PackStore

/// `/packs/{id}` and `/blobs/sha256/{hex}`: pack bytes through the HTTP core's RepresentationResponder, with the
/// SHA-256 as strong ETag (docs/api.md "HTTP").
struct PackRoute {
    let live: LiveRelease
    let files: RepresentationResponder
    let openFiles: OpenFileCache

    /// The current release's version of pack `id`. It changes with releases, so caches keep it briefly.
    func pack(id: String, request: HTTPRequest) -> HTTPResponse {
        guard let release = live.release else { return .noRelease }
        guard let pack = release.snapshot.packs[id] else { return .notFound(request.path) }
        return serve(
            path: pack.blobPath, sha256: pack.sha256, expectedSize: pack.size, contentType: pack.contentType,
            cacheControl: "public, max-age=60", request: request)
    }

    /// Any blob the index knows, by digest. Its bytes can never change, so it may be cached for a year. Blobs
    /// of earlier releases stay reachable here until `gc` removes them, so a client holding an older manifest
    /// can finish its downloads. The size is checked against the index exactly as for `/packs/{id}`.
    func blob(hex: String, request: HTTPRequest) -> HTTPResponse {
        guard let release = live.release else { return .noRelease }
        guard let path = release.snapshot.blobPath(forSHA256: hex) else { return .notFound(request.path) }
        let cacheControl = "public, max-age=31536000, immutable"
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

    private func serve(
        path: String, sha256: String, expectedSize: Int64, contentType: String, cacheControl: String,
        missingIsNotFound: Bool = false, request: HTTPRequest
    ) -> HTTPResponse {
        guard let entityTag = EntityTag(opaqueTag: sha256) else {
            return .problem(.internalServerError, detail: "the index holds an invalid digest for this pack")
        }
        let file: OpenFile
        do {
            file = try openFiles.open(path: path)
        } catch {
            if case .notFound = error, missingIsNotFound { return .notFound(request.path) }
            return .problem(.internalServerError, detail: "the stored bytes of this pack cannot be read")
        }
        // The manifest promised this exact size (essential downloads fail otherwise), and the strong ETag
        // names the whole blob: never serve one that no longer matches its index entry. `packserve fsck`
        // tells which one.
        guard file.size == expectedSize else {
            return .problem(.internalServerError, detail: "the stored bytes of this pack are damaged")
        }
        let representation = Representation(
            file: file, contentType: contentType, entityTag: entityTag,
            lastModified: file.modificationTime, cacheControl: cacheControl)
        return files.respond(to: request.head, with: representation)
    }
}
