/// Why bytes that start like an Apple Archive are not one: what was wrong and the archive offset where it
/// was found. Its description is the one line a refusal prints.
public struct AppleArchiveError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Offset in the archive of the byte (or the header) the problem was found at.
    public let offset: Int64
    public let problem: String

    public init(offset: Int64, _ problem: String) {
        self.offset = offset
        self.problem = problem
    }

    public var description: String { "not a valid Apple Archive: \(problem) (at byte \(offset))" }
}
