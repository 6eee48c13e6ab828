import Synchronization

/// The release the server is answering from. Request handlers read it with one uncontended lock and get
/// an immutable value; `ReleaseWatcher` swaps in a new one when a release is published, so a request
/// sees either the old release or the new one, never a mix.
public final class LiveRelease: Sendable {
    private let current = Mutex<PublishedRelease?>(nil)

    public init() {}

    public var release: PublishedRelease? { current.withLock { $0 } }

    /// Swaps in `release` and hands back the one it replaces. Dropping the last reference to a release of
    /// 100,000 packs takes a while, so the caller keeps it and frees it later on its own thread: never
    /// inside this lock, and never on an event loop that happened to hold the last reference.
    func replace(with release: PublishedRelease) -> PublishedRelease? {
        current.withLock { current in
            let old = current
            current = release
            return old
        }
    }
}
