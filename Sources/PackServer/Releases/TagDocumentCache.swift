import HTTPServer
import Synchronization

/// The `/tags/{tag}` and `/tags?tag=…` documents of one release, encoded (and compressed) on first request
/// and kept for the life of the release, so a tag asked for by every device costs one encoding, not one
/// per request. Keyed by the sorted, distinct tag names. At most `capacity` sets are kept: past that (a
/// client enumerating tag combinations), documents are still answered, only not kept.
final class TagDocumentCache: Sendable {
    static let capacity = 4_096

    private let documents = Mutex<[[String]: EncodedDocument]>([:])

    /// The document for `tags`, made by `make` (and kept) when it is not kept yet; nil when `make` fails.
    func document(for tags: [String], make: () -> EncodedDocument?) -> EncodedDocument? {
        if let kept = documents.withLock({ $0[tags] }) { return kept }
        guard let made = make() else { return nil }
        documents.withLock { kept in
            if kept.count < Self.capacity { kept[tags] = made }
        }
        return made
    }
}
