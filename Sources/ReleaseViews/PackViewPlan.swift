/// One pack's Apple versions across a channel's views, as `AppleVersionPlanner` chose them.
public struct PackViewPlan: Sendable, Equatable {
    /// By view, in the order of the segments planned; nil where the view's release has no such pack.
    public var versions: [Int?]
    /// Views whose version the build rule raised above what time alone asked for: their devices download
    /// the same bytes once more.
    public var raised: [Bool]
    /// The pack's history afterwards: new versions issued, the channel's floor raised.
    public var history: PackVersionHistory
    /// The versions issued by this plan (above the history's `latest` before), with the content each names.
    public var newlyIssued: [(version: Int, content: String)]

    public static func == (left: PackViewPlan, right: PackViewPlan) -> Bool {
        left.versions == right.versions && left.raised == right.raised && left.history == right.history
            && left.newlyIssued.map(\.version) == right.newlyIssued.map(\.version)
            && left.newlyIssued.map(\.content) == right.newlyIssued.map(\.content)
    }
}
