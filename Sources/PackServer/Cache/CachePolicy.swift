import HTTPServer

/// What shared caches (a CDN in front of this origin) may keep, decided in one place for every answer
/// (docs/http.md "Caching"): `ResponseFinisher` passes each final response through here with the `Kind` its
/// route declared, whether the answer is given at once or later.
///
/// - Blobs are named by their digest and never change: `public, max-age=31536000, immutable`.
/// - Documents and `/packs/{id}` change with releases: devices revalidate every time (`max-age=0`), shared
///   caches keep them `sharedMaxAgeSeconds` (RFC 9111 §5.2.2.10 `s-maxage`) and may serve them stale while
///   the origin fails (RFC 5861 §4 `stale-if-error`), which the purge on go-live cuts short.
/// - Errors are never stored (`no-store`): a blob asked for a moment before its release went live must not
///   stay 404 in a cache. A route that already chose (`private, no-store` for private bytes) is left alone.
///
/// Every cacheable answer names what it depends on in the surrogate-key header, so one purge request can drop
/// exactly what a release changed: `packserve-documents`, `pack-{id}`, `blob-{hex}`.
///
/// A catalog that requires credentials (`CatalogGate`) is never kept by a shared cache: every answer is
/// `private, no-store` and names no key.
struct CachePolicy: Sendable {
    static let documentsKey = "packserve-documents"
    static let immutable = "public, max-age=31536000, immutable"
    static let uncacheable = "no-store"
    /// For private bytes and anything a shared cache must not keep for others.
    static let privateBytes = "private, no-store"

    let keyHeader: String
    /// The Cache-Control of documents and `/packs/{id}`.
    let shared: String
    /// Whether every answer needs credentials (`catalog.requireCredentials`).
    let credentialed: Bool

    init(sharedMaxAgeSeconds: Int, keyHeader: String, credentialed: Bool = false) {
        self.keyHeader = keyHeader
        self.credentialed = credentialed
        shared = "public, max-age=0, s-maxage=\(sharedMaxAgeSeconds), stale-if-error=86400"
    }

    /// What an answer is, for caches: its route declares it (`RouteTable.get(_:caching:_:)`).
    enum Kind: Sendable, Equatable {
        /// `/manifest`, `/tags…`, `/releases`, … : they change with every release and signing.
        case documents
        /// `/packs/{id}`.
        case pack(id: String)
        /// `/blobs/sha256/{hex}`.
        case blob(hex: String)
        /// Everything else (probes, static files, the admin API, refusals before any route): only an error
        /// is marked, never to be stored.
        case other
    }

    static func packKey(_ id: String) -> String { "pack-\(id)" }
    static func blobKey(_ hex: String) -> String { "blob-\(hex)" }

    /// `response` with the Cache-Control and surrogate key its kind gets.
    func apply(to response: inout HTTPResponse, as kind: Kind) {
        switch kind {
        case .documents: decorate(&response, cacheControl: shared, key: Self.documentsKey)
        case .pack(let id): decorate(&response, cacheControl: shared, key: Self.packKey(id))
        case .blob(let hex): decorate(&response, cacheControl: Self.immutable, key: Self.blobKey(hex))
        case .other:
            if response.status.code >= 400 { response.headers.set("Cache-Control", Self.uncacheable) }
        }
    }

    private func decorate(_ response: inout HTTPResponse, cacheControl: String, key: String) {
        if credentialed {
            response.headers.set("Cache-Control", Self.privateBytes)
        } else if response.status.code >= 400 {
            response.headers.set("Cache-Control", Self.uncacheable)
        } else if response.headers["Cache-Control"] == nil {
            response.headers.add("Cache-Control", cacheControl)
            response.headers.add(keyHeader, key)
        }
    }
}
