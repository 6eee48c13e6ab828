import AppleArchive
import JSONText

/// An admin request body, read strictly (docs/api.md "Admin API"): RFC 8259 JSON without trailing commas or
/// duplicate keys, only the keys of `shape`, each of its type and never null. The refusal is a 400 naming the
/// key, with the line and column: `body:1:9: unknown key "tll" (allowed: id, ttl)`.
protocol AdminJSONBody {
    /// The object the body must be.
    static var shape: JSONShape { get }

    /// Reads a body that `shape` has already checked, so every member present has its type.
    init(checked body: JSONNode) throws(AdminRefusal)
}

extension AdminJSONBody {
    init(json body: [UInt8]) throws(AdminRefusal) {
        let value: JSONNode
        do {
            // One level above a `userInfo`'s own limit: the body's object holds it.
            value = try Self.shape.read(body, maxDepth: UserInfoLimits.maxDepth + 1)
        } catch {
            throw .badRequest("body:\(error)")
        }
        try self.init(checked: value)
    }
}
