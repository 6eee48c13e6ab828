import Foundation
import Logging
import Manifest
import PackStore
import ServiceLifecycle

/// Keeps `LiveRelease` current: polls the index (one indexed query every 250 ms, cheap in WAL mode) and,
/// when another process has published or rolled back, loads the new snapshot off the request path and
/// swaps it in. This is how `packserve publish` reaches a running `serve` within a second.
public struct ReleaseWatcher: Service {
    let store: PackStore
    let live: LiveRelease
    let baseURL: String
    let style: PackURLStyle
    let logger: Logger
    let interval: Duration

    public init(
        store: PackStore, live: LiveRelease, baseURL: String, style: PackURLStyle, logger: Logger,
        interval: Duration = .milliseconds(250)
    ) {
        self.store = store
        self.live = live
        self.baseURL = baseURL
        self.style = style
        self.logger = logger
        self.interval = interval
    }

    public func run() async throws {
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
            try? await Task.sleep(for: interval)
            refresh()
        }
    }

    /// Loads the latest release if it differs from the live one. Errors are logged and retried on the
    /// next tick: a transient problem must not take down a server that is still serving the last release.
    public func refresh() {
        do {
            guard let latest = try store.latestReleaseNumber(), latest != live.release?.snapshot.release else { return }
            let started = ContinuousClock.now
            guard let snapshot = try store.loadSnapshot(release: latest) else { return }
            let published = try PublishedRelease(
                snapshot: snapshot, history: try store.releases(), baseURL: baseURL, style: style)
            live.replace(with: published)
            let elapsed = ContinuousClock.now - started
            logger.info("release \(latest) live: \(snapshot.packs.count) packs, loaded in \(elapsed.formatted(.units(allowed: [.milliseconds])))")
        } catch {
            logger.error("cannot load the latest release: \(error)")
        }
    }
}
