import Synchronization

/// The release the server is answering from. Request handlers read it with one uncontended lock and get
/// an immutable value; `ReleaseWatcher` swaps in a new one when a release is published, so a request
/// sees either the old release or the new one, never a mix.
public final class LiveRelease: Sendable {
    private let current = Mutex<PublishedRelease?>(nil)

    public init() {}

    public var release: PublishedRelease? { current.withLock { $0 } }

    func replace(with release: PublishedRelease) {
        current.withLock { $0 = release }
    }
}
