import JSONText

/// One set of limits for a pack's `userInfo`, wherever it enters: an archive's `Manifest.json`, `set
/// --user-info`, `push --user-info` and `PATCH /admin/packs/{id}` (docs/apple-archive.md "userInfo"). It is
/// the app's own data, copied into every download manifest a device fetches, so it stays small and shallow.
public enum UserInfoLimits {
    /// Levels of arrays and objects, counted from the `userInfo` value itself.
    public static let maxDepth = 64
    /// Bytes of its canonical JSON.
    public static let maxBytes = 64 << 10

    /// The canonical JSON of `value` (`JSONValue.canonicalJSON()`) when it is within the limits;
    /// otherwise one line saying which limit it breaks.
    public static func canonicalJSON(of value: JSONValue) throws(UserInfoError) -> [UInt8] {
        let depth = value.depth
        guard depth <= maxDepth else { throw UserInfoError("nests \(depth) levels deep, more than \(maxDepth)") }
        let json: [UInt8]
        do { json = try value.canonicalJSON() } catch {
            throw UserInfoError("cannot be written as JSON (\(error))")
        }
        guard json.count <= maxBytes else { throw UserInfoError("is \(json.count) bytes, more than \(maxBytes)") }
        return json
    }

    /// Parses a `userInfo` document on its own (a `--user-info` file, a stored row) and checks it.
    public static func canonicalJSON(parsing json: [UInt8]) throws(UserInfoError) -> [UInt8] {
        let value: JSONValue
        do { value = try JSONValue(json: json, maxDepth: maxDepth) } catch {
            throw UserInfoError("is not one JSON document: \(error)")
        }
        return try canonicalJSON(of: value)
    }
}
