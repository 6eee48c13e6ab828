/// When a client should fetch a pack (docs/api.md "Words").
public enum PackPolicy: String, Sendable, Hashable, Codable, CaseIterable {
    /// Before first launch; the advertised size must be exact.
    case essential
    /// Right after install, in ascending `order`.
    case prefetch
    /// Only when the app asks for it.
    case onDemand = "on-demand"

    /// Parses the spelling used on the command line and in manifests.
    public init(parsing text: String) throws(PackStoreError) {
        guard let policy = PackPolicy(rawValue: text) else { throw .unknownPolicy(text) }
        self = policy
    }
}
