/// Why a JSON document was refused and where, in the `LINE:COLUMN: problem` style of compilers, e.g.
/// `3:17: duplicate key "allowedHosts"`. A problem about a member names its key path (`listen.port`,
/// `tags[1]`). Always one line: a key the document spells with `\n` is quoted with the escape, not the
/// line break (`JSONText.oneLine`).
public struct StrictJSONError: Error, Sendable, Equatable, CustomStringConvertible {
    public let position: JSONPosition
    public let problem: String

    init(position: JSONPosition, problem: String) {
        self.position = position
        self.problem = JSONText.oneLine(problem)
    }

    public var description: String { "\(position): \(problem)" }
}
