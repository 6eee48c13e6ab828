extension JSONValue {
    /// The value of a strictly parsed node (an archive's `Manifest.json`, an admin body's `userInfo`): a number
    /// whose value is whole and fits in 64 bits is an integer however it is written (`-0.5e+3` is -500), others
    /// become doubles, so that the canonical JSON of a value reads back as the same value. Member names are
    /// unique already (`StrictJSONParser` refuses duplicates).
    public init(_ node: JSONNode) {
        switch node.kind {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .string(let text): self = .string(text)
        case .number(let text):
            // A JSON number always reads as a Double (too large: infinite, which canonicalJSON() refuses).
            let double = Double(text) ?? .infinity
            self = Int64(text).map { .integer($0) } ?? Int64(exactly: double).map { .integer($0) } ?? .number(double)
        case .array(let items): self = .array(items.map(JSONValue.init))
        case .object(let members):
            self = .object(Dictionary(members.map { ($0.name, JSONValue($0.value)) }, uniquingKeysWith: { $1 }))
        }
    }
}
