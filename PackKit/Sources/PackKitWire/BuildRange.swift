/// The app builds a release works with (docs/channels.md "App builds"): an optional minimum and maximum,
/// fixed when the release is published and signed into its manifest. A bound with fewer parts stands for
/// every build it is a prefix of: a maximum of `1.9` admits `1.9.3`, a maximum of `2` admits `2.7` (where
/// `2.0` does not), a minimum of `1.10` admits `1.10.0` and above. No bound: every build.
public struct BuildRange: Sendable, Hashable, CustomStringConvertible {
    public let min: AppBuild?
    public let max: AppBuild?

    /// Every build.
    public static let all = BuildRange(unchecked: nil, nil)

    /// Refuses a minimum that admits nothing the maximum admits.
    public init(min: AppBuild?, max: AppBuild?) throws(AppBuildError) {
        if let min, let max, min.point >= max.pointAfterPrefix {
            throw .minAboveMax(min: min.description, max: max.description)
        }
        self.init(unchecked: min, max)
    }

    /// From the texts of the CLI, the admin API or the index (nil or empty: no bound).
    public init(min: String?, max: String?) throws(AppBuildError) {
        func bound(_ text: String?) throws(AppBuildError) -> AppBuild? {
            guard let text, !text.isEmpty else { return nil }
            return try AppBuild(parsing: text)
        }
        try self.init(min: bound(min), max: bound(max))
    }

    private init(unchecked min: AppBuild?, _ max: AppBuild?) {
        self.min = min
        self.max = max
    }

    /// The first point admitted; `.zero` without a minimum.
    public var lowerPoint: BuildPoint { min?.point ?? .zero }
    /// The first point past the range; nil without a maximum (the range runs on for ever).
    public var upperPoint: BuildPoint? { max?.pointAfterPrefix }

    public func admits(_ point: BuildPoint) -> Bool {
        point >= lowerPoint && upperPoint.map { point < $0 } ?? true
    }

    public func admits(_ build: AppBuild) -> Bool { admits(build.point) }

    public var isAll: Bool { min == nil && max == nil }

    /// `1.10 … 1.9`, `≥ 1.10`, `≤ 1.9`, `all builds`: how `releases` and `channel history` show it.
    public var description: String {
        switch (min, max) {
        case (nil, nil): "all builds"
        case (let min?, nil): "≥ \(min)"
        case (nil, let max?): "≤ \(max)"
        case (let min?, let max?): "\(min) … \(max)"
        }
    }

    /// Two ranges are the same when their bounds read the same: `2` and `2.0` are different maxima.
    public static func == (left: BuildRange, right: BuildRange) -> Bool {
        left.min?.description == right.min?.description && left.max?.description == right.max?.description
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(min?.description)
        hasher.combine(max?.description)
    }
}
