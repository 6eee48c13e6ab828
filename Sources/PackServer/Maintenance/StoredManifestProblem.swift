/// What `fsck` finds wrong with one signed manifest the index keeps.
public struct StoredManifestProblem: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// The stored bytes no longer verify with the key that signed them: the index is damaged.
        case damaged
        /// Signed with a key the configuration no longer names (rotated out, most likely): nothing here can
        /// check it. Not damage: a running `serve` re-signs the latest release with its own key.
        case unverifiable
    }

    public var version: Int
    public var release: Int
    public var kind: Kind
    public var detail: String

    public init(version: Int, release: Int, kind: Kind, detail: String) {
        self.version = version
        self.release = release
        self.kind = kind
        self.detail = detail
    }

    public var description: String {
        let label = kind == .damaged ? "damaged manifest" : "unverifiable manifest"
        return "\(label) version \(version) (release \(release)): \(detail)"
    }
}
