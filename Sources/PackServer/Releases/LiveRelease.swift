import Foundation
import HTTPServer
import Synchronization

/// The release the server is answering from. Request handlers read it with one uncontended lock and get
/// an immutable value; `ReleaseWatcher` swaps in a new one when a release is published, so a request
/// sees either the old release or the new one, never a mix.
///
/// A renewed manifest may be signed ahead of its go-live instant (`StoredManifest.notBefore`, docs/reliability.md
/// "One signer"): the watcher hands it over as `upcoming`, and the first read at or after that instant makes it
/// current. So every process sharing the index switches at the same second, not at its own next poll.
public final class LiveRelease: Sendable {
    private struct State {
        var current: PublishedRelease?
        var upcoming: (release: PublishedRelease, at: Int64)?
    }

    private let state = Mutex(State())
    /// `GET /channels`: replaced by the watcher when a channel changes (a channel of its own changes no
    /// release this server serves).
    private let channelList = Mutex<EncodedDocument?>(nil)
    /// Unix seconds: compared with the upcoming release's go-live instant, read only while one waits.
    private let clock: @Sendable () -> Int64

    public init(clock: @escaping @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970) }) {
        self.clock = clock
    }

    public var release: PublishedRelease? {
        let (release, retired) = state.withLock { state -> (PublishedRelease?, PublishedRelease?) in
            guard let upcoming = state.upcoming, clock() >= upcoming.at else { return (state.current, nil) }
            let retired = state.current
            state.current = upcoming.release
            state.upcoming = nil
            return (state.current, retired)
        }
        // The retired value shares its release with the new one (only the manifest differs): dropping it
        // here, outside the lock, frees just that manifest's documents.
        _ = retired
        return release
    }

    /// The `GET /channels` document, once the watcher has read the channels.
    var channels: EncodedDocument? { channelList.withLock { $0 } }

    func replaceChannels(_ document: EncodedDocument) {
        channelList.withLock { $0 = document }
    }

    /// The release waiting for its go-live instant, if any.
    var upcoming: PublishedRelease? { state.withLock { $0.upcoming?.release } }

    /// Leaves the current release (if any) as it is and has `upcoming` replace it at its manifest's `notBefore`:
    /// a replica's next release, copied ahead of the instant every replica goes live with it.
    func schedule(_ upcoming: PublishedRelease) {
        guard let at = upcoming.manifest?.notBefore else { return }
        state.withLock { $0.upcoming = (upcoming, at) }
    }

    /// Swaps in `release`, and `upcoming` to replace it at its manifest's `notBefore` (nil: none waits), and
    /// hands back the release it replaces. Dropping the last reference to a release of 100,000 packs takes a
    /// while, so the caller keeps it and frees it later on its own thread: never inside this lock, and never
    /// on an event loop that happened to hold the last reference.
    @discardableResult
    func replace(with release: PublishedRelease, upcoming: PublishedRelease? = nil) -> PublishedRelease? {
        let next = upcoming.flatMap { upcoming in upcoming.manifest.map { (upcoming, $0.notBefore) } }
        return state.withLock { state in
            let old = state.current
            state.current = release
            state.upcoming = next
            return old
        }
    }
}
