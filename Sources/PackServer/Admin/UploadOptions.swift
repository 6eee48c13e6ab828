import HTTPServer
import PackStore

/// The query of `PUT /admin/packs/{id}`: `policy`, `order`, `tag` (repeatable) and `contentType`, as `add`'s
/// options. An unknown name is refused (400) rather than ignored: a typo must not go unnoticed.
struct UploadOptions: Equatable {
    static let names: Set<String> = ["policy", "order", "tag", "contentType"]

    var tags: [String] = []
    var policy: PackPolicy?
    var order: Int?
    var contentType: String?

    init(query: String?) throws(AdminRefusal) {
        guard let pairs = QueryParameters(query).pairs else {
            throw .badRequest("the query is not valid percent-encoding")
        }
        for (name, value) in pairs {
            switch name {
            case "tag": tags.append(value)
            case "policy":
                do { policy = try PackPolicy(parsing: value) } catch { throw .store(error) }
            case "order":
                guard let number = Int(value) else { throw .badRequest("order must be a whole number, not \(value)") }
                order = number
            case "contentType": contentType = value
            default:
                throw .badRequest("unknown query parameter \(name): use policy, order, tag or contentType")
            }
        }
    }
}
