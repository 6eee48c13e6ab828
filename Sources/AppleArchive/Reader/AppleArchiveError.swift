/// Why bytes that start like an Apple Archive are not one: what was wrong and the archive offset where it
/// was found. Its description is the one line a refusal prints.
public struct AppleArchiveError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Offset in the archive of the byte (or the header) the problem was found at.
    public let offset: Int64
    public let problem: String
    /// Set when the archive is well formed but has more entries than the reader was allowed (the limit).
    public let entryLimit: Int?

    public init(offset: Int64, _ problem: String, entryLimit: Int? = nil) {
        self.offset = offset
        self.problem = problem
        self.entryLimit = entryLimit
    }

    public var description: String { "not a valid Apple Archive: \(problem) (at byte \(offset))" }
}
