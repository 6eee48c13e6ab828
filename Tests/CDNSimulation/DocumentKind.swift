/// Which document a device reads to learn its packs: the download manifest of managed Background Assets
/// (JSON, `assetPacks`) for an Apple platform (or, without one, every pack), or PackServe's signed manifest
/// (`/manifest`, a compact JWS).
package enum DocumentKind: Sendable, Hashable, CustomStringConvertible {
    case downloadManifest(platform: String?)
    case signedManifest

    /// The path a device asks for.
    package var path: String {
        switch self {
        case .downloadManifest(let platform?): "/download-manifest.json?platform=\(platform)"
        case .downloadManifest(nil): "/download-manifest.json"
        case .signedManifest: "/manifest"
        }
    }

    package var description: String { path }
}
