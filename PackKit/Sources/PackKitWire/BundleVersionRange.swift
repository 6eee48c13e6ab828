/// The app builds a release works with. A bound with fewer parts stands for every build it is a prefix
/// of: a maximum of `1.9` admits `1.9.3`, a maximum of `2` admits `2.7` (where `2.0` does not).
public struct BundleVersionRange: Sendable, Hashable, CustomStringConvertible {
    public var min: BundleVersion?
    public var max: BundleVersion?

    public init(min: BundleVersion?, max: BundleVersion?) {
        self.min = min
        self.max = max
    }

    /// Whether `build` is inside the range.
    public func admits(_ build: BundleVersion) -> Bool {
        if let min, build.point.lexicographicallyPrecedes(min.point) { return false }
        if let max, !build.point.lexicographicallyPrecedes(max.pointAfterPrefix) { return false }
        return true
    }

    public var description: String {
        switch (min, max) {
        case (nil, nil): "all builds"
        case (let min?, nil): "≥ \(min)"
        case (nil, let max?): "≤ \(max)"
        case (let min?, let max?): "\(min) … \(max)"
        }
    }
}
