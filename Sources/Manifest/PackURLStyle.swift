/// How pack URLs are formed from `publicBaseURL` (config `manifest.packURLs`).
public enum PackURLStyle: String, Sendable, Equatable, CaseIterable {
    /// `<base>/blobs/sha256/<hex>`: immutable, so CDNs and clients may cache it forever (the default).
    case blobs
    /// `<base>/packs/<id>`: Apple's "base URL + pack id, no extension" layout; changes with each release.
    case packs

    /// The absolute URL of a pack; `baseURL` may end with `/` or not.
    public func url(baseURL: String, id: String, sha256: String) -> String {
        let base = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        return base + path(id: id, sha256: sha256)
    }

    /// The path the server routes (`/blobs/sha256/<hex>` or `/packs/<id>`), which signed URLs sign.
    public func path(id: String, sha256: String) -> String {
        switch self {
        case .blobs: "/blobs/sha256/\(sha256)"
        case .packs: "/packs/\(id)"
        }
    }
}
