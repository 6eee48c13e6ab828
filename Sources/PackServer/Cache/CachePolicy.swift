import HTTPServer
import ReleaseViews

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
/// exactly what a change to one channel made stale (docs/channels.md "Caches"): a channel's documents carry
/// `packserve-documents-{channel}` and its `/…/packs/{id}` answers `pack.{channel}.{id}`; production's keep
/// the keys of earlier versions too (`packserve-documents`, `pack-{id}`); `/releases` carries
/// `packserve-releases`, blobs `blob-{hex}`.
///
/// A catalog or channel that requires credentials (`CatalogGate`) is never kept by a shared cache: every
/// answer is `private, no-store` and names no key.
struct CachePolicy: Sendable {
    static let documentsKey = "packserve-documents"
    static let immutable = "public, max-age=31536000, immutable"
    static let uncacheable = "no-store"
    /// For private bytes and anything a shared cache must not keep for others.
    static let privateBytes = "private, no-store"

    static let releasesKey = "packserve-releases"

    let keyHeader: String
    /// The Cache-Control of documents and `/packs/{id}`.
    let shared: String
    /// Whether every answer needs credentials (`catalog.requireCredentials`).
    let credentialed: Bool
    /// How several keys share one header: Cloudflare's `Cache-Tag` separates them with commas, xkey and
    /// Fastly's `Surrogate-Key` with spaces.
    let keySeparator: String
    /// `documentsKeys(.production)` as one header value.
    let productionDocumentsKeys: String

    init(sharedMaxAgeSeconds: Int, keyHeader: String, credentialed: Bool = false) {
        self.keyHeader = keyHeader
        self.credentialed = credentialed
        keySeparator = keyHeader.lowercased() == "cache-tag" ? "," : " "
        productionDocumentsKeys = Self.documentsKeys(.production).joined(separator: keySeparator)
        shared = "public, max-age=0, s-maxage=\(sharedMaxAgeSeconds), stale-if-error=86400"
    }

    /// What an answer is, for caches: its route declares it (`RouteTable.get(_:caching:_:)`).
    enum Kind: Sendable, Equatable {
        /// `/manifest`, `/tags…`, … of a view: they change with every change to its channel.
        case documents
        /// `/packs/{id}` of a view.
        case pack(id: String)
        /// `/releases`: it changes with every release of any channel.
        case releases
        /// `/blobs/sha256/{hex}`.
        case blob(hex: String)
        /// Everything else (probes, static files, the admin API, refusals before any route): only an error
        /// is marked, never to be stored.
        case other
    }

    /// The keys of `channel`'s documents.
    static func documentsKeys(_ channel: ChannelName) -> [String] {
        channel.isProduction ? [documentsKey, "\(documentsKey)-\(channel)"] : ["\(documentsKey)-\(channel)"]
    }

    /// The keys of `channel`'s `/…/packs/{id}` answers (`apply` writes the same as one header value).
    static func packKeys(_ id: String, channel: ChannelName) -> [String] {
        channel.isProduction ? ["pack-\(id)", "pack.\(channel).\(id)"] : ["pack.\(channel).\(id)"]
    }

    static func blobKey(_ hex: String) -> String { "blob-\(hex)" }

    /// `response` with the Cache-Control and surrogate keys its kind gets in the view a request named
    /// (production's, for a request without a prefix). The header values are made directly, without an
    /// array of keys: every answer of the hottest route passes here.
    /// - Parameter credentialed: the view's channel requires credentials.
    func apply(
        to response: inout HTTPResponse, as kind: Kind, channel: ChannelName = .production, credentialed: Bool = false
    ) {
        switch kind {
        case .documents:
            let keys = channel.isProduction ? productionDocumentsKeys : "\(Self.documentsKey)-\(channel)"
            decorate(&response, cacheControl: shared, keys: keys, credentialed: credentialed)
        case .pack(let id):
            let keys = channel.isProduction ? "pack-\(id)\(keySeparator)pack.production.\(id)" : "pack.\(channel).\(id)"
            decorate(&response, cacheControl: shared, keys: keys, credentialed: credentialed)
        case .releases: decorate(&response, cacheControl: shared, keys: Self.releasesKey, credentialed: false)
        case .blob(let hex):
            decorate(&response, cacheControl: Self.immutable, keys: Self.blobKey(hex), credentialed: credentialed)
        case .other:
            if response.status.code >= 400 { response.headers.set("Cache-Control", Self.uncacheable) }
        }
    }

    private func decorate(_ response: inout HTTPResponse, cacheControl: String, keys: String, credentialed: Bool) {
        if self.credentialed || credentialed {
            response.headers.set("Cache-Control", Self.privateBytes)
        } else if response.status.code >= 400 {
            response.headers.set("Cache-Control", Self.uncacheable)
        } else if response.headers["Cache-Control"] == nil {
            response.headers.add("Cache-Control", cacheControl)
            response.headers.add(keyHeader, keys)
        }
    }
}
