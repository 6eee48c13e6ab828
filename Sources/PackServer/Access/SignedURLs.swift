import Manifest
import PackStore
import ReleaseViews

/// Mints signed URLs of a release's packs (`packserve sign-url`, `POST /admin/urls`): the URL the manifest
/// gives the pack (`manifest.packURLs` decides between `/blobs/sha256/{hex}` and `/packs/{id}`) with
/// `expires` and `sig` appended (docs/api.md "Private packs").
public struct SignedURLs: Sendable {
    public struct Minted: Sendable, Equatable, Encodable {
        public let url: String
        /// Unix seconds; the URL works up to and including this second.
        public let expires: Int64
    }

    public enum Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        case noRelease
        case unknownPack(String)
        case invalidTTL(Int)

        public var description: String {
            switch self {
            case .noRelease: "nothing is published yet: publish the pack first"
            case .unknownPack(let id): "pack \(id) is not in the current release: publish it first"
            case .invalidTTL(let ttl): "ttl \(ttl) is out of range: use 1…\(URLSignature.maxTTLSeconds) seconds"
            }
        }
    }

    let signature: URLSignature
    let baseURL: String
    let style: PackURLStyle

    public init(signature: URLSignature, baseURL: String, style: PackURLStyle) {
        self.signature = signature
        self.baseURL = baseURL
        self.style = style
    }

    /// A URL for pack `id` of `release` that works for `ttl` seconds from `now`.
    /// - Parameter view: the view prefix the release was read in (docs/channels.md "Views"): with
    ///   `manifest.packURLs: "packs"` the URL stays in it; blob URLs take none.
    public func mint(
        id: String, in release: ReleaseSnapshot?, view: ViewSelector = .plain, ttl: Int, now: Int64
    ) throws(Refusal) -> Minted {
        guard (1...URLSignature.maxTTLSeconds).contains(ttl) else { throw .invalidTTL(ttl) }
        guard let release else { throw .noRelease }
        guard let pack = release.packs[id] else { throw .unknownPack(id) }
        let expires = now + Int64(ttl)
        let path = (style == .packs ? view.pathPrefix : "") + style.path(id: pack.id, sha256: pack.sha256)
        let base = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        return Minted(url: base + path + "?" + signature.query(path: path, expires: expires), expires: expires)
    }
}
