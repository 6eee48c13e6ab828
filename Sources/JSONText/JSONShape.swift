/// What a JSON document may hold: which keys each object takes and the type of every value. One check for
/// config.json (its shape comes from the table of keys and defaults) and for the admin API's bodies, so both
/// refuse an unknown key, a wrong type or a missing key the same way, naming the key path (docs/configuration-files.md,
/// docs/api.md "Admin API").
public indirect enum JSONShape: Sendable {
    case string
    /// An integer without fraction or exponent that fits in `Int`: `8080`, not `8080.0`, `8e3` or `true`.
    case wholeNumber
    /// Any number, kept as written for the reader to parse (a rollout's `12.5` percent).
    case number
    case boolean
    case array(of: JSONShape)
    /// `members`: every key the object may have; `required`: those it must have.
    case object(members: [String: JSONShape], required: Set<String> = [])
    /// The shape, or `null` meaning "none".
    case nullable(JSONShape)
    /// Any JSON value at all (a pack's `userInfo`, which is the app's own data).
    case any

    /// Throws the first place where `value` (found at `path`) is not of this shape.
    public func check(_ value: JSONNode, at path: String = "") throws(StrictJSONError) {
        switch (self, value.kind) {
        case (.nullable, .null), (.string, .string), (.boolean, .bool), (.any, _):
            return
        case (.nullable(let shape), _):
            try shape.check(value, at: path)
        case (.wholeNumber, .number) where value.wholeNumber != nil, (.number, .number):
            return
        case (.array(let element), .array(let items)):
            for (offset, item) in items.enumerated() {
                try element.check(item, at: JSONKeyPath.element(offset, of: path))
            }
        case (.object(let members, let required), .object(let given)):
            for member in given {
                let memberPath = JSONKeyPath.member(member.name, of: path)
                guard let shape = members[member.name] else {
                    throw StrictJSONError(
                        position: member.position,
                        problem: "unknown key \"\(memberPath)\" (allowed: \(members.keys.sorted().joined(separator: ", ")))")
                }
                try shape.check(member.value, at: memberPath)
            }
            if let missing = required.sorted().first(where: { name in !given.contains { $0.name == name } }) {
                throw StrictJSONError(position: value.position, problem: "missing key \"\(JSONKeyPath.member(missing, of: path))\"")
            }
        default:
            // A null where a value is wanted was meant as "not given": say how to write that.
            let hint = value.kind == .null ? " (leave the key out instead)" : ""
            throw StrictJSONError(
                position: value.position,
                problem: "\(path.isEmpty ? "the document" : path): must be \(expectation), not \(value.summary)\(hint)")
        }
    }

    /// The shape as a refusal names it: "must be …".
    public var expectation: String {
        switch self {
        case .string: "a string"
        case .wholeNumber: "a whole number"
        case .number: "a number"
        case .boolean: "true or false"
        case .array(let element): "an array of \(element.plural)"
        case .object: "an object"
        case .nullable(let shape): "\(shape.expectation) or null"
        case .any: "any JSON value"
        }
    }

    private var plural: String {
        switch self {
        case .string: "strings"
        case .wholeNumber: "whole numbers"
        case .number: "numbers"
        case .boolean: "booleans"
        case .array: "arrays"
        case .object: "objects"
        case .nullable(let shape): "\(shape.plural) or nulls"
        case .any: "JSON values"
        }
    }

    /// Parses `bytes` strictly and checks them against this shape: the one entry point for both callers.
    public func read(
        _ bytes: [UInt8], maxDepth: Int = StrictJSONParser.defaultMaxDepth
    ) throws(StrictJSONError) -> JSONNode {
        let value = try StrictJSONParser.parse(bytes, maxDepth: maxDepth)
        try check(value)
        return value
    }
}
