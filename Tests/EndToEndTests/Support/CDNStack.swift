import Foundation

/// A store, its `serve` origin and one real cache in front of it: the launch-day topology of
/// docs/deploying.md on loopback. The cache's port is picked first, so the origin's `cache.purge` can
/// name it when the engine takes purges.
final class CDNStack {
    let store: StoreWorkspace
    let origin: RunningPackServe
    let cache: any FrontCache
    let engine: CacheEngine

    /// `store` must already hold a published release (Varnish's probe asks /readyz). `purge` (by default
    /// whenever the engine takes purges) points the origin's `cache.purge` at the cache.
    init(_ engine: CacheEngine, store: StoreWorkspace, sharedMaxAgeSeconds: Int, purge: Bool? = nil) async throws {
        self.engine = engine
        self.store = store
        let cachePort = try await FreePorts.pick(1)[0]
        var cacheSettings: [String: any Sendable] = ["sharedMaxAgeSeconds": sharedMaxAgeSeconds]
        if purge ?? engine.purges {
            cacheSettings["purge"] = [["url": "http://127.0.0.1:\(cachePort)/", "method": "PURGE"] as [String: any Sendable]]
        }
        origin = try await store.serve(overrides: ["cache": cacheSettings])
        cache = try engine.make(port: cachePort)
        try await cache.start(originPort: origin.port)
    }

    /// Origin access-log lines for `path`, any status.
    func originRequests(_ path: String) -> [String] {
        origin.child.stderr.lines.filter { $0.contains(" \(path) HTTP/1.") }
    }

    /// Publishes what was added and waits (bounded) until the origin serves release `release`.
    func publish(expecting release: Int) async throws {
        try await store.run(["publish"])
        let live = try await StoreResponse.await(origin.url("/readyz"), within: .seconds(5)) {
            $0.text == "release \(release)\n"
        }
        guard live.satisfied else {
            throw EndToEndFailure("release \(release) not live on the origin after 5 s: /readyz said \(live.response.text.debugDescription)")
        }
    }

    /// For failure messages: the cache's own log and the origin's last lines.
    var diagnostics: String {
        "\(engine) log:\n\(cache.log.suffix(2000))\norigin log:\n\(origin.child.stderr.lines.suffix(15).joined(separator: "\n"))"
    }
}
