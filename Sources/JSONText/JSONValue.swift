/// A JSON value, kept as a value, not as text: what a pack's `Manifest.json` holds and its `userInfo`, the
/// app's own data, which goes into the download manifest equal as JSON to what the developer wrote (numbers as
/// numbers, members in any order), written by `canonicalJSON` with sorted keys and no whitespace. The one JSON
/// value type: the archive reader, the store, the admin API and the manifest all pass this one.
public enum JSONValue: Sendable, Hashable, Codable {
    case null
    case bool(Bool)
    /// Integers that fit in 64 bits stay exact.
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// Parses one JSON document (RFC 8259) strictly (`StrictJSONParser`): a duplicate key, a trailing comma or
    /// more than `maxDepth` levels of nesting is refused, naming the line and column.
    public init(json: [UInt8], maxDepth: Int = StrictJSONParser.defaultMaxDepth) throws(StrictJSONError) {
        self.init(try StrictJSONParser.parse(json, maxDepth: maxDepth))
    }

    /// Sorted keys, no insignificant whitespace, `/` unescaped: the same bytes for equal values. Throws for
    /// what Foundation's encoder refuses (more than 512 levels, which a value decoded by Foundation from a
    /// bucket's document can have); values read by `init(json:)` nest far less.
    public func canonicalJSON() throws -> [UInt8] {
        try CanonicalJSON.encode(self)
    }

    /// Levels of arrays and objects (`[[1]]` has two; a scalar none), counted as `StrictJSONParser` does.
    public var depth: Int {
        switch self {
        case .array(let items): 1 + (items.map(\.depth).max() ?? 0)
        case .object(let members): 1 + (members.values.map(\.depth).max() ?? 0)
        default: 0
        }
    }

    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { members[key] } else { nil }
    }

    /// What a refusal calls this value.
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .integer, .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
