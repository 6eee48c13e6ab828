/// Where a JSON token starts: a 1-based line and column. Columns count characters (UTF-8 continuation bytes
/// do not advance them), as an editor shows them.
struct JSONPosition: Sendable, Equatable, CustomStringConvertible {
    var line = 1
    var column = 1

    var description: String { "\(line):\(column)" }
}
