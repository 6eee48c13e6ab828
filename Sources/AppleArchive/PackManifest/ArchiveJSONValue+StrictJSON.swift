import StrictJSON

extension ArchiveJSONValue {
    /// A strictly parsed value (an archive's `Manifest.json`, an admin body's `userInfo`): numbers that are
    /// whole and fit in 64 bits stay integers, others become doubles. Member names are unique already
    /// (`StrictJSONParser` refuses duplicates).
    public init(_ value: JSONValue) {
        switch value.kind {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .string(let text): self = .string(text)
        case .number(let text): self = Int64(text).map { .integer($0) } ?? .number(Double(text) ?? 0)
        case .array(let items): self = .array(items.map(ArchiveJSONValue.init))
        case .object(let members):
            self = .object(Dictionary(members.map { ($0.name, ArchiveJSONValue($0.value)) }, uniquingKeysWith: { $1 }))
        }
    }
}
