import Foundation

/// A store, its `serve` origin and one real cache in front of it: the launch-day topology of
/// docs/deploying.md on loopback. Both ports are picked first and the cache starts first, so the origin's
/// `cache.purge` can name the cache and its first purge (sent when it loads its release) finds it; then the
/// origin starts, and the stack is ready once the cache answers through to it. The end-to-end CDN tests and
/// scripts/bench-cdn run the same stack.
package final class CDNStack {
    package let store: StoreWorkspace
    package let origin: RunningPackServe
    package let cache: any FrontCache
    package let engine: CacheEngine

    /// `store` must already hold a published release (Varnish's probe asks /readyz). `purge` (by default
    /// whenever the engine takes purges) points the origin's `cache.purge` at the cache.
    /// `publicBaseURLIsTheCache` makes the documents name pack URLs on the cache, as a CDN's origin does;
    /// `overrides` sets further top-level keys of the origin's config.json.
    package init(
        _ engine: CacheEngine, store: StoreWorkspace, sharedMaxAgeSeconds: Int, purge: Bool? = nil,
        publicBaseURLIsTheCache: Bool = false, overrides: [String: any Sendable] = [:], varnishStorageMiB: Int = 64
    ) async throws {
        self.engine = engine
        self.store = store
        let ports = try await FreePorts.pick(2)
        let (cachePort, originPort) = (ports[0], ports[1])
        var cacheSettings: [String: any Sendable] = ["sharedMaxAgeSeconds": sharedMaxAgeSeconds]
        if purge ?? engine.purges {
            cacheSettings["purge"] = [["url": "http://127.0.0.1:\(cachePort)/", "method": "PURGE"] as [String: any Sendable]]
        }
        var settings: [String: any Sendable] = [
            "cache": cacheSettings, "listen": ["host": "127.0.0.1", "port": originPort] as [String: any Sendable],
        ]
        if publicBaseURLIsTheCache { settings["publicBaseURL"] = "http://127.0.0.1:\(cachePort)" }
        settings.merge(overrides) { $1 }
        // `publish` signs and encodes the documents with its own config's base URL and URL style: the same as
        // the origin's, so `serve` sends what `publish` made. (Otherwise it signs a manifest of its own for
        // each release, which goes live a moment after the release: documents of the old release between
        // the two, and a second purge.)
        let documentSettings = settings.filter { $0.key == "publicBaseURL" || $0.key == "manifest" }
        if !documentSettings.isEmpty { try store.reconfigure(documentSettings) }
        cache = try engine.make(port: cachePort, varnishStorageMiB: varnishStorageMiB)
        try await cache.launch(originPort: originPort)
        origin = try await store.serve(overrides: settings)
        try await CacheReadiness.await(cache)
    }

    /// Origin access-log lines for `path`, any status.
    package func originRequests(_ path: String) -> [String] {
        origin.child.stderr.lines.filter { $0.contains(" \(path) HTTP/1.") }
    }

    /// Publishes what was added and waits (bounded) until the origin serves release `release`.
    package func publish(expecting release: Int) async throws {
        try await store.run(["publish"])
        let live = try await StoreResponse.await(origin.url("/readyz"), within: .seconds(5)) {
            $0.text == "release \(release)\n"
        }
        guard live.satisfied else {
            throw EndToEndFailure("release \(release) not live on the origin after 5 s: /readyz said \(live.response.text.debugDescription)")
        }
    }

    /// For failure messages: the cache's own log and the origin's last lines.
    package var diagnostics: String {
        "\(engine) log:\n\(cache.log.suffix(2000))\norigin log:\n\(origin.child.stderr.lines.suffix(15).joined(separator: "\n"))"
    }
}
