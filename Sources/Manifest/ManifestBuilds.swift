/// The app builds a release works with, as its manifest states them (docs/channels.md "Builds"): the bounds
/// as given at publish, absent ones omitted.
public struct ManifestBuilds: Sendable, Hashable, Codable {
    public var min: String?
    public var max: String?

    /// Nil when neither bound is given: the manifest then has no `builds` at all.
    public init?(min: String?, max: String?) {
        guard min != nil || max != nil else { return nil }
        self.min = min
        self.max = max
    }
}
