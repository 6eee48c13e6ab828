extension JSONValue {
    /// The value at a dotted key path (`listen.port`), nil when any part is missing.
    func value(at keyPath: String) -> JSONValue? {
        keyPath.split(separator: ".").reduce(Optional(self)) { node, name in node?[String(name)] }
    }
}
