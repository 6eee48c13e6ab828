/// A manifest's `builds`: the app builds its release works with, as the bounds were given at publish.
public struct ManifestBuilds: Sendable, Hashable, Codable {
    public var min: String?
    public var max: String?

    public init(min: String?, max: String?) {
        self.min = min
        self.max = max
    }

    /// The `builds` of a manifest: nil when neither bound is given (the manifest then has none at all).
    public static func bounds(min: String?, max: String?) -> ManifestBuilds? {
        min == nil && max == nil ? nil : ManifestBuilds(min: min, max: max)
    }

    /// The bounds parsed; nil when one is not an `AppBuild` or the minimum admits nothing the maximum does.
    public var range: BuildRange? {
        try? BuildRange(min: min, max: max)
    }
}
