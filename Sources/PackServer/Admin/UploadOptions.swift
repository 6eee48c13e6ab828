import HTTP1
import HTTPServer
import PackStore

/// The query of `PUT /admin/packs/{id}`: `policy`, `order`, `tag` (repeatable), `contentType` and `platform`
/// (repeatable; `all` alone: every platform), as `add`'s options. An unknown name is refused (400) rather than
/// ignored: a typo must not go unnoticed.
struct UploadOptions: Equatable {
    static let names: Set<String> = ["policy", "order", "tag", "contentType", "platform"]

    var tags: [String] = []
    var policy: PackPolicy?
    var order: Int?
    var contentType: String?
    /// nil: not given; []: every platform. An Apple Archive's own must agree.
    var platforms: [ApplePlatform]?

    init(query: String?) throws(AdminRefusal) {
        guard let pairs = QueryParameters(query).pairs else {
            throw .badRequest("the query is not valid percent-encoding")
        }
        var platformNames: [String] = []
        for (name, value) in pairs {
            switch name {
            case "tag": tags.append(value)
            case "policy":
                do { policy = try PackPolicy(parsing: value) } catch { throw .store(error) }
            case "order":
                guard let number = Int(value) else { throw .badRequest("order must be a whole number, not \(value)") }
                order = number
            case "contentType": contentType = value
            case "platform": platformNames.append(value)
            default:
                throw .badRequest("unknown query parameter \(name): use policy, order, tag, contentType or platform")
            }
        }
        if !platformNames.isEmpty { platforms = try Self.platforms(platformNames) }
    }

    /// `all` alone is every platform, as on the command line.
    private static func platforms(_ names: [String]) throws(AdminRefusal) -> [ApplePlatform] {
        if names.map({ $0.lowercased() }) == ["all"] { return [] }
        guard !names.contains(where: { $0.lowercased() == "all" }) else {
            throw .badRequest("platform all cannot be combined with other platforms")
        }
        var platforms: [ApplePlatform] = []
        for name in names {
            do { platforms.append(try ApplePlatform(parsing: name)) } catch { throw .store(error) }
        }
        return platforms
    }
}
