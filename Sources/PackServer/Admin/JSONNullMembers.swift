import Foundation

/// Admin JSON bodies refuse members given as `null`: `JSONDecoder` would read one as "not given" and the
/// client's intent would be silently ignored (docs/api.md "Admin API").
enum JSONNullMembers {
    /// 400 naming the first (sorted) member of `object` whose value is null.
    static func refuse(in object: [String: Any]) throws(AdminRefusal) {
        if let null = object.keys.sorted().first(where: { object[$0] is NSNull }) {
            throw .badRequest("\(null) must not be null: leave the key out instead")
        }
    }
}
