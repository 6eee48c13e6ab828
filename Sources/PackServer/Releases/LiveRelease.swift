import Foundation
import HTTPServer
import ReleaseViews
import Synchronization

/// What the server is answering from: every channel's views (`ServedCatalog`). Request handlers read it under
/// one uncontended lock and get immutable values; `ReleaseWatcher` (or a replica's follower) swaps in a
/// channel whole when it changes, so a request sees one signing of a channel, never a mix.
///
/// A renewed channel may be signed ahead of its go-live instant (`StoredManifest.notBefore`, docs/reliability.md
/// "One signer"): it waits here as upcoming, and the first read at or after that instant makes it current. So
/// every process sharing the index switches at the same second, not at its own next poll.
public final class LiveRelease: Sendable {
    private struct State {
        var catalog = ServedCatalog()
        /// By channel name: each waits for its own `notBefore`.
        var upcoming: [String: ServedChannel] = [:]
        /// The earliest `notBefore` of `upcoming` (`Int64.max`: none), so a read without one never asks the clock.
        var nextGoLive = Int64.max

        /// Makes current every upcoming channel whose instant has come; returns what they replace.
        mutating func goLive(at now: Int64) -> [ServedChannel] {
            var retired: [ServedChannel] = []
            for (name, channel) in upcoming where channel.notBefore <= now {
                upcoming[name] = nil
                if let old = catalog.replace(channel) { retired.append(old) }
            }
            nextGoLive = upcoming.values.map(\.notBefore).min() ?? .max
            return retired
        }
    }

    private let state = Mutex(State())
    /// `GET /channels`: replaced by the watcher when a channel changes.
    private let channelList = Mutex<EncodedDocument?>(nil)
    /// Unix seconds: compared with upcoming channels' go-live instants, read only while one waits.
    private let clock: @Sendable () -> Int64

    public init(clock: @escaping @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970) }) {
        self.clock = clock
    }

    /// Runs `body` on the current catalog, after taking up what is due. Channels replaced here are freed
    /// outside the lock: they share their releases with the new ones, so only their own documents go.
    private func reading<T>(_ body: (ServedCatalog) -> T) -> T {
        var retired: [ServedChannel] = []
        let value = state.withLock { state in
            if state.nextGoLive != .max {
                let now = clock()
                if now >= state.nextGoLive { retired = state.goLive(at: now) }
            }
            return body(state.catalog)
        }
        _ = retired
        return value
    }

    /// Whether devices of `channel` may report on `release` (`ServedChannel.reportableReleases`).
    /// Where a completed download of blob `sha256` counts (`ServedCatalog.downloadTargets`).
    func downloadTargets(of sha256: String) -> [DownloadTarget] {
        reading { $0.downloadTargets[sha256] ?? [] }
    }

    func servesReports(channel: String, release: Int) -> Bool {
        reading { $0.channels[channel]?.reportableReleases.contains(release) == true }
    }

    /// Production's view for clients that name no build: what every URL without a view prefix reads.
    public var release: PublishedRelease? { reading { $0.plain } }

    /// The newest release of the index: `/blobs/…` and `/releases` answer from it.
    var newest: PublishedRelease? { reading { $0.newest } }

    /// The current catalog, whole (for the watcher's purges and tests).
    var catalog: ServedCatalog { reading { $0 } }

    /// The view a request's prefix names.
    func resolve(_ selector: ViewSelector, catalogRequiresCredentials: Bool) -> ViewResolution {
        reading { $0.resolve(selector, catalogRequiresCredentials: catalogRequiresCredentials) }
    }

    /// Blobs only credentialed channels list (`ServedCatalog.credentialedDigests`); checked only when non-empty.
    func blobNeedsCredentials(_ hex: String) -> Bool {
        reading { !$0.credentialedDigests.isEmpty && $0.credentialedDigests.contains(hex) }
    }

    /// The `GET /channels` document, once the watcher has read the channels.
    var channels: EncodedDocument? { channelList.withLock { $0 } }

    func replaceChannels(_ document: EncodedDocument) {
        channelList.withLock { $0 = document }
    }

    /// The version each channel is served (or waits to be served) at, to tell which ones changed in the index.
    var knownVersions: [String: Int] {
        state.withLock { state in
            var versions = state.catalog.channels.mapValues(\.version)
            for (name, channel) in state.upcoming { versions[name] = channel.version }
            return versions
        }
    }

    /// Production's view for clients that name no build, as it will be once the upcoming signing goes live.
    var upcoming: PublishedRelease? { state.withLock { $0.upcoming[ChannelName.production.text]?.release(for: nil) } }

    /// Takes up `changed` channels: each at once when its instant has come or nothing of it is served yet
    /// (waiting would answer 404 until then), else at its `notBefore`. `removed` channels stop being served.
    /// Returns what was replaced, for the caller to free on its own thread: dropping the last reference to a
    /// release of 100,000 packs takes a while, and must not happen inside this lock or on an event loop.
    @discardableResult
    func update(
        _ changed: [ServedChannel], removing removed: [String] = [], buildMap: [BuildPoint: ChannelName]? = nil,
        newest: PublishedRelease? = nil, now: Int64
    ) -> [ServedChannel] {
        state.withLock { state in
            var retired: [ServedChannel] = []
            if let newest { state.catalog.offerNewest(newest) }
            for channel in changed {
                if channel.notBefore > now, state.catalog.channels[channel.name.text] != nil {
                    if let waiting = state.upcoming.updateValue(channel, forKey: channel.name.text) { retired.append(waiting) }
                } else {
                    if let waiting = state.upcoming.removeValue(forKey: channel.name.text) { retired.append(waiting) }
                    if let old = state.catalog.replace(channel) { retired.append(old) }
                }
            }
            for name in removed {
                if let old = state.catalog.remove(name) { retired.append(old) }
                if let waiting = state.upcoming.removeValue(forKey: name) { retired.append(waiting) }
            }
            if let buildMap { state.catalog.buildMap = buildMap }
            state.nextGoLive = state.upcoming.values.map(\.notBefore).min() ?? .max
            return retired
        }
    }

    /// Leaves the current release (if any) as it is and has `upcoming` replace it at its manifest's `notBefore`:
    /// a replica's next release, copied ahead of the instant every replica goes live with it.
    func schedule(_ upcoming: PublishedRelease) {
        guard upcoming.manifest != nil else { return }
        let channel = ServedChannel(production: upcoming)
        state.withLock { state in
            state.upcoming[channel.name.text] = channel
            state.nextGoLive = min(state.nextGoLive, channel.notBefore)
        }
    }

    /// Serves `release` as production's only view, at once (a replica's release, a test's): hands back the
    /// release it replaces, for the caller to free later.
    @discardableResult
    func replace(with release: PublishedRelease) -> PublishedRelease? {
        let old = self.release
        _ = update([ServedChannel(production: release)], newest: release, now: .max)
        return old
    }
}
