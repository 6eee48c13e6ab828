/// Why a bucket operation failed, in the terms its callers decide on (docs/object-storage.md "Errors"): a
/// replica retries what may pass on its next poll and says plainly what will not; the publisher's sync waits
/// out an unavailable store; a copy that brought the wrong bytes is never kept.
public struct BucketError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable {
        /// May pass on a later try: the store did not answer, timed out, or answered 5xx or "slow down".
        case unavailable
        /// Will not pass by trying again: credentials, permissions, a bucket that does not exist, a bad key.
        case refused
        /// The bytes are not what was asked for (more than the blob's size, a digest that does not match).
        case damaged
        /// On this machine: a file could not be read or written (a full disk, a missing directory).
        case local
    }

    public let kind: Kind
    /// The object's key, or the prefix of a listing.
    public let key: String
    /// The underlying problem, one line.
    public let detail: String

    public init(_ kind: Kind, key: String, _ detail: String) {
        self.kind = kind
        self.key = key
        self.detail = detail
    }

    /// Whether trying again later may succeed.
    public var isTransient: Bool { kind == .unavailable }

    public var description: String { "\(key): \(detail)" }
}
