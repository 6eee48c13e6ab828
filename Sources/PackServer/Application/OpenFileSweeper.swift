import HTTPServer
import ServiceLifecycle

/// Once a second, closes cached descriptors of files that were deleted (by `packserve gc` in another
/// process, say), so their disk space is returned while the server keeps running, and of files nobody
/// asked for lately, so descriptors do not pile up release after release.
public struct OpenFileSweeper: Service {
    let cache: OpenFileCache

    public init(cache: OpenFileCache) {
        self.cache = cache
    }

    public func run() async throws {
        await PeriodicLoop.run(every: .seconds(1)) { cache.sweep() }
    }
}
