import Foundation

/// What an origin request was for, by its target, as scripts/bench-cdn split the access log.
enum OriginRoute: String, CaseIterable {
    case documents
    case packs
    case probes
    case other

    static let documentPaths: Set<String> = [
        "/manifest", "/manifest.json", "/manifest.json.sig", "/download-manifest.json", "/releases", "/.well-known/jwks.json",
    ]

    init(target: String) {
        let path = target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? target
        if path.hasPrefix("/blobs/") || path.hasPrefix("/packs/") {
            self = .packs
        } else if Self.documentPaths.contains(path) || path == "/tags" || path.hasPrefix("/tags/") {
            self = .documents
        } else if path == "/readyz" || path == "/healthz" {
            self = .probes
        } else {
            self = .other
        }
    }
}
