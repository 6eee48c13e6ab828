/// What the index knows of one pack id's Apple versions when a channel's views are planned: every version
/// ever issued for it (in any channel) with the content it names, and what this channel's views served.
public struct PackVersionHistory: Sendable, Equatable {
    /// The highest Apple version ever issued for the id; a new one is always this plus one.
    public var latest: Int
    /// Content key → the versions issued naming it, ascending. One version names one content, for ever.
    public var issued: [String: [Int]]
    /// This channel's `ServedFloor` for the id.
    public var floor: ServedFloor

    public init(latest: Int = 0, issued: [String: [Int]] = [:], floor: ServedFloor = .none) {
        self.latest = latest
        self.issued = issued
        self.floor = floor
    }

    /// The lowest version at or above `minimum` that names `content`, if one was issued.
    func issuedVersion(of content: String, atLeast minimum: Int) -> Int? {
        issued[content]?.first { $0 >= minimum }
    }
}
