/// A manifest's `builds`: the app builds its release works with, as the bounds were given at publish.
public struct ManifestBuilds: Sendable, Hashable, Codable {
    public var min: String?
    public var max: String?

    public init(min: String?, max: String?) {
        self.min = min
        self.max = max
    }

    /// The bounds parsed; nil when one is not a `BundleVersion`.
    public var range: BundleVersionRange? {
        func bound(_ text: String?) -> BundleVersion?? {
            guard let text else { return .some(nil) }
            return BundleVersion(text).map { .some($0) }
        }
        guard let min = bound(min), let max = bound(max) else { return nil }
        return BundleVersionRange(min: min, max: max)
    }
}
