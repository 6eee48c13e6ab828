/// A position on the axis of app builds: three numbers compared in order, missing parts read as 0 (so `2`,
/// `2.0` and `2.0.0` are one point). Builds, the bounds of a release's range and the edges of a channel's
/// views are all points on this axis (docs/channels.md "App builds").
public struct BuildPoint: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let major: UInt64
    public let minor: UInt64
    public let patch: UInt64

    public static let zero = BuildPoint(0, 0, 0)

    public init(_ major: UInt64, _ minor: UInt64, _ patch: UInt64) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    public static func < (left: BuildPoint, right: BuildPoint) -> Bool {
        (left.major, left.minor, left.patch) < (right.major, right.minor, right.patch)
    }

    /// `1.10.0`: always three parts, so that the text names the point and nothing else.
    public var description: String { "\(major).\(minor).\(patch)" }

    /// Reads `description`'s form back (three parts, each at most `AppBuild.maxDigits` digits); nil otherwise.
    public init?(exactly text: Substring) {
        guard let build = try? AppBuild(parsing: text), build.partCount == 3 else { return nil }
        self = build.point
    }
}
