/// A run of builds that all read the same release of a channel: `[lower, upper)` on the build axis (`upper`
/// nil: to the end). Each segment is one view with its own download manifest, because the Apple versions of
/// two segments that read one release can differ (`AppleVersionPlanner`).
public struct ViewSegment: Sendable, Hashable, CustomStringConvertible {
    public let lower: BuildPoint
    public let upper: BuildPoint?
    public let release: Int

    public init(lower: BuildPoint, upper: BuildPoint?, release: Int) {
        self.lower = lower
        self.upper = upper
        self.release = release
    }

    public func contains(_ point: BuildPoint) -> Bool {
        point >= lower && upper.map { point < $0 } ?? true
    }

    /// `1.10.0-` or `0.0.0-1.10.0`: the segment's name in stored documents and logs.
    public var description: String { "\(lower)-\(upper?.description ?? "")" }

    /// `cohorts/1.10.0-`: the name of the view a rollout's admitted cohorts read for these builds.
    public var cohortViewName: String { Self.cohortViewPrefix + description }

    /// What a cohort view's name starts with, before its segment.
    public static let cohortViewPrefix = "cohorts/"

    /// `every build`, `builds from 1.10.0`, `builds below 1.10.0`, `builds from 1.9.3 below 1.10.0`: how a
    /// person reads the run.
    public var buildsText: String {
        switch (lower == .zero, upper) {
        case (true, nil): "every build"
        case (false, nil): "builds from \(lower)"
        case (true, let upper?): "builds below \(upper)"
        case (false, let upper?): "builds from \(lower) below \(upper)"
        }
    }

    /// Reads `description`'s form back; nil for anything else.
    public init?(named name: Substring, release: Int) {
        guard let dash = name.firstIndex(of: "-"), let lower = BuildPoint(exactly: name[..<dash]) else { return nil }
        let rest = name[name.index(after: dash)...]
        if rest.isEmpty {
            self.init(lower: lower, upper: nil, release: release)
        } else {
            guard let upper = BuildPoint(exactly: rest), lower < upper else { return nil }
            self.init(lower: lower, upper: upper, release: release)
        }
    }
}
