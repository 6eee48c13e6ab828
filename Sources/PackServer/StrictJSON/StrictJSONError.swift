/// Why a JSON document was refused and where, in the `LINE:COLUMN: problem` style of compilers, e.g.
/// `3:17: duplicate key "allowedHosts"`. A problem about a member names its key path (`listen.port`,
/// `tags[1]`).
struct StrictJSONError: Error, Sendable, Equatable, CustomStringConvertible {
    let position: JSONPosition
    let problem: String

    var description: String { "\(position): \(problem)" }
}
