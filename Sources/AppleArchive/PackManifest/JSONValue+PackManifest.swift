import JSONText

extension JSONValue {
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
}
