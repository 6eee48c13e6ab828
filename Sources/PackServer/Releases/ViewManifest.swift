import Foundation
import Manifest
import PackStore
import Synchronization

/// One view's signed manifest as served: its header (version, times, settings) known at once, its three forms
/// (`ManifestDocuments`) either made at once or read from the index when the first request asks for them.
///
/// Why later: a server of twenty channels of 100,000 packs holds twenty manifests of some 50 MB each, and
/// reading them all would make its start-up several times one channel's (docs/channels.md "Serving"). A view
/// nobody asks for costs nothing; the first request for one waits, off the event loops, while it is read.
final class ViewManifest: Sendable {
    /// The manifest without its bytes.
    let header: StoredManifest

    private enum State {
        case loaded(ManifestDocuments)
        case unloaded(@Sendable () throws -> ManifestDocuments?)
        /// Being read on a thread of its own; these run when it is done (with nil if it failed).
        case loading(@Sendable () throws -> ManifestDocuments?, [@Sendable (ManifestDocuments?) -> Void])
    }

    private let state: Mutex<State>

    /// Made at once from `manifest`'s bytes.
    init(_ manifest: StoredManifest) throws(ManifestError) {
        header = Self.withoutBytes(manifest)
        state = Mutex(.loaded(try ManifestDocuments(manifest)))
    }

    /// Made by `load` (from the bytes in the index) when first asked for.
    init(header: StoredManifest, load: @escaping @Sendable () throws -> ManifestDocuments?) {
        self.header = Self.withoutBytes(header)
        state = Mutex(.unloaded(load))
    }

    /// The documents if they are made.
    var documents: ManifestDocuments? {
        state.withLock { state in
            if case .loaded(let documents) = state { return documents }
            return nil
        }
    }

    /// Runs `use` with the documents: at once (on this thread) when they are made, else once they are read,
    /// on the reading thread, with nil if reading failed (the next request tries again).
    func withDocuments(_ use: @escaping @Sendable (ManifestDocuments?) -> Void) {
        enum Next { case now(ManifestDocuments), start(@Sendable () throws -> ManifestDocuments?), wait }
        let next: Next = state.withLock { state in
            switch state {
            case .loaded(let documents): return .now(documents)
            case .unloaded(let load):
                state = .loading(load, [use])
                return .start(load)
            case .loading(let load, let waiting):
                state = .loading(load, waiting + [use])
                return .wait
            }
        }
        switch next {
        case .now(let documents): use(documents)
        case .wait: return
        case .start(let load):
            Thread.detachNewThread { [self] in
                let documents = (try? load()).flatMap { $0 }
                let waiting: [@Sendable (ManifestDocuments?) -> Void] = state.withLock { state in
                    guard case .loading(let load, let waiting) = state else { return [] }
                    state = documents.map(State.loaded) ?? .unloaded(load)
                    return waiting
                }
                for use in waiting { use(documents) }
            }
        }
    }

    /// `manifest` without its signed bytes, which its documents hold.
    static func withoutBytes(_ manifest: StoredManifest) -> StoredManifest {
        var header = manifest
        header.payload = []
        header.payloadSignature = []
        header.detachedJWS = ""
        return header
    }
}
