/// Where a JSON token starts: a 1-based line and column. Columns count characters (UTF-8 continuation bytes
/// do not advance them), as an editor shows them.
public struct JSONPosition: Sendable, Equatable, CustomStringConvertible {
    public var line = 1
    public var column = 1

    public var description: String { "\(line):\(column)" }
}
