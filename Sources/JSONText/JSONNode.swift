/// A value of a JSON document as `StrictJSONParser` read it (RFC 8259 §3): with the position it starts at,
/// members in document order and numbers as written, so a later check (`JSONShape`) can say where the problem
/// is and refuse `8080.0` where a whole number is wanted. What a value *is*, once checked, is `JSONValue`
/// (`JSONValue(node)`): a syntax tree and a value are two things, not two homes of one.
public struct JSONNode: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Members in document order; their names are unique (`StrictJSONParser` refuses duplicates).
        case object([JSONMember])
        case array([JSONNode])
        case string(String)
        /// The number as written (RFC 8259 §6), so nothing is rounded before a check decides its type.
        case number(String)
        case bool(Bool)
        case null
    }

    public let kind: Kind
    public let position: JSONPosition

    /// The member named `name` of an object; nil for another kind of value or a missing member.
    public subscript(name: String) -> JSONNode? {
        guard case .object(let members) = kind else { return nil }
        return members.first { $0.name == name }?.value
    }

    public var string: String? {
        if case .string(let text) = kind { text } else { nil }
    }

    public var bool: Bool? {
        if case .bool(let value) = kind { value } else { nil }
    }

    /// An integer written without fraction or exponent that fits in `Int`.
    public var wholeNumber: Int? {
        if case .number(let text) = kind { Int(text) } else { nil }
    }

    /// A number exactly as written (`12.5`, `1e2`), for a reader with rules of its own.
    public var numberText: String? {
        if case .number(let text) = kind { text } else { nil }
    }

    /// An array whose elements are all strings.
    public var strings: [String]? {
        guard case .array(let items) = kind else { return nil }
        let strings = items.compactMap(\.string)
        return strings.count == items.count ? strings : nil
    }

    /// The value as a refusal quotes it: literals and short strings as written, containers by kind.
    public var summary: String {
        switch kind {
        case .object: "an object"
        case .array: "an array"
        case .string(let text): text.count <= 40 ? "\"\(text)\"" : "a string"
        case .number(let text): text
        case .bool(let value): "\(value)"
        case .null: "null"
        }
    }
}
