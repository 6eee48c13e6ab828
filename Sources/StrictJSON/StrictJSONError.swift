/// Why a JSON document was refused and where, in the `LINE:COLUMN: problem` style of compilers, e.g.
/// `3:17: duplicate key "allowedHosts"`. A problem about a member names its key path (`listen.port`,
/// `tags[1]`).
public struct StrictJSONError: Error, Sendable, Equatable, CustomStringConvertible {
    public let position: JSONPosition
    public let problem: String

    public var description: String { "\(position): \(problem)" }
}
