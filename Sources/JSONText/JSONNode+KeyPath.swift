extension JSONNode {
    /// The value at a dotted key path (`listen.port`, or `trustedProxies[1]` for an element, as
    /// `JSONKeyPath` spells them), nil when any part is missing.
    public func value(at keyPath: String) -> JSONNode? {
        keyPath.split(separator: ".").reduce(Optional(self)) { node, part in
            guard let open = part.firstIndex(of: "["), part.last == "]",
                  let index = Int(part[part.index(after: open)..<part.index(before: part.endIndex)])
            else { return node?[String(part)] }
            guard case .array(let items)? = node?[String(part[..<open])]?.kind, items.indices.contains(index) else { return nil }
            return items[index]
        }
    }
}
