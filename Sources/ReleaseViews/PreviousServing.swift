/// What one view of a channel served for one pack just before a change: the view's run of builds, and the
/// pack's Apple version and content there, or nil when the view did not list the pack (withdrawn).
public struct PreviousServing: Sendable, Hashable {
    public let segment: ViewSegment
    public let served: Served?

    public struct Served: Sendable, Hashable {
        public let version: Int
        public let content: String

        public init(version: Int, content: String) {
            self.version = version
            self.content = content
        }
    }

    public init(segment: ViewSegment, served: Served?) {
        self.segment = segment
        self.served = served
    }

    /// Whether some build reads both this view and `other`.
    func overlaps(_ other: ViewSegment) -> Bool {
        let startsBeforeOtherEnds = other.upper.map { segment.lower < $0 } ?? true
        let otherStartsBeforeThisEnds = segment.upper.map { other.lower < $0 } ?? true
        return startsBeforeOtherEnds && otherStartsBeforeThisEnds
    }
}
