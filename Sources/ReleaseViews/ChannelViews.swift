/// Which release each app build reads in one channel (docs/channels.md "Views"): for every build, the newest
/// release of the channel's history whose range admits it; none, for builds no release admits. A client that
/// names no build reads as the lowest build (`BuildPoint.zero`): such clients predate per-build URLs, so
/// content that needs a newer build must not reach them.
///
/// The axis is cut at every bound of every range in the history; between two cuts the answer cannot change.
/// Neighbouring runs that read the same release are one segment.
public struct ChannelViews: Sendable, Hashable {
    /// Ascending and disjoint; builds between two segments read nothing.
    public let segments: [ViewSegment]

    /// - Parameter history: oldest first. A channel only ever moves to a newer release, so later is newer.
    public init(history: [ChannelHistoryEntry]) {
        var cuts: Set<BuildPoint> = [.zero]
        for entry in history {
            cuts.insert(entry.builds.lowerPoint)
            if let upper = entry.builds.upperPoint { cuts.insert(upper) }
        }
        let points = cuts.sorted()
        var segments: [ViewSegment] = []
        for (index, lower) in points.enumerated() {
            let upper = index + 1 < points.count ? points[index + 1] : nil
            guard let entry = history.last(where: { $0.builds.admits(lower) }) else { continue }
            if let last = segments.last, last.release == entry.release, last.upper == lower {
                segments[segments.count - 1] = ViewSegment(lower: last.lower, upper: upper, release: entry.release)
            } else {
                segments.append(ViewSegment(lower: lower, upper: upper, release: entry.release))
            }
        }
        self.segments = segments
    }

    public init(segments: [ViewSegment]) {
        self.segments = segments
    }

    /// The index of the segment `point` falls in (binary search), or nil when no release admits it.
    public func index(containing point: BuildPoint) -> Int? {
        var low = 0
        var high = segments.count
        while low < high {
            let middle = (low + high) / 2
            if segments[middle].lower <= point { low = middle + 1 } else { high = middle }
        }
        guard low > 0, segments[low - 1].contains(point) else { return nil }
        return low - 1
    }

    /// The segment `point` falls in, or nil when no release admits it.
    public func segment(containing point: BuildPoint) -> ViewSegment? {
        index(containing: point).map { segments[$0] }
    }

    /// The segment a build reads; a client that names none reads as `BuildPoint.zero`.
    public func segment(for build: AppBuild?) -> ViewSegment? {
        segment(containing: build?.point ?? .zero)
    }

    /// The releases some build reads: what `gc` keeps for this channel.
    public var answeredReleases: Set<Int> { Set(segments.map(\.release)) }
}
