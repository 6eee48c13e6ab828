/// The caches the deploy/ files configure, for tests that run against each.
enum CacheEngine: String, CaseIterable, Sendable, CustomStringConvertible {
    case varnish
    case nginx

    var description: String { rawValue }

    /// Only Varnish (xkey) takes the origin's purge; nginx's open-source cache has no purge by key.
    var purges: Bool { self == .varnish }

    func make(port: Int) throws -> any FrontCache {
        switch self {
        case .varnish: try RunningVarnish(port: port)
        case .nginx: try RunningNginx(port: port)
        }
    }
}
