import Foundation
import StrictJSON

/// A JSON value from a pack's `Manifest.json` kept as a value, not as text: `userInfo` is the app's own data
/// and goes into the download manifest equal as JSON to what the developer wrote (numbers as numbers, members
/// in any order), written by `canonicalJSON` with sorted keys and no whitespace.
public enum ArchiveJSONValue: Sendable, Hashable, Codable {
    case null
    case bool(Bool)
    /// Integers that fit in 64 bits stay exact.
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([ArchiveJSONValue])
    case object([String: ArchiveJSONValue])

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
        } else if let value = try? container.decode([ArchiveJSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: ArchiveJSONValue].self))
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
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(self))
    }

    /// Levels of arrays and objects (`[[1]]` has two; a scalar none), counted as `StrictJSONParser` does.
    public var depth: Int {
        switch self {
        case .array(let items): 1 + (items.map(\.depth).max() ?? 0)
        case .object(let members): 1 + (members.values.map(\.depth).max() ?? 0)
        default: 0
        }
    }

    public subscript(key: String) -> ArchiveJSONValue? {
        if case .object(let members) = self { members[key] } else { nil }
    }

    /// The elements of an array of strings; `name` is the key a refusal names.
    func strings(_ name: String) throws(AssetPackManifestError) -> [String] {
        guard case .array(let items) = self else { throw AssetPackManifestError("\(name) is \(kindName), not an array") }
        var strings: [String] = []
        for item in items {
            guard case .string(let text) = item else { throw AssetPackManifestError("\(name) holds \(item.kindName)") }
            strings.append(text)
        }
        return strings
    }

    /// What a refusal calls this value.
    var kindName: String {
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
