/// The caches the deploy/ files configure, for tests that run against each.
package enum CacheEngine: String, CaseIterable, Sendable, CustomStringConvertible {
    case varnish
    case nginx

    package var description: String { rawValue }

    /// Only Varnish (xkey) takes the origin's purge; nginx's open-source cache has no purge by key.
    package var purges: Bool { self == .varnish }

    /// `varnishStorageMiB`: Varnish's malloc storage (nginx caches on disk, without a bound here).
    package func make(port: Int, varnishStorageMiB: Int = 64) throws -> any FrontCache {
        switch self {
        case .varnish: try RunningVarnish(port: port, storageMiB: varnishStorageMiB)
        case .nginx: try RunningNginx(port: port)
        }
    }
}
