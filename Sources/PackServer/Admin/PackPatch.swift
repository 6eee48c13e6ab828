import Foundation
import PackStore

/// The body of `PATCH /admin/packs/{id}`: `{"policy","order","tags","platforms","installationEvents","access"}`,
/// each optional. `tags` replaces the pack's tags; `platforms` `[]` or `["all"]` means every platform;
/// `access` is `"public"` or `"private"`. Unknown keys are refused (400), like the
/// upload's unknown query parameters.
struct PackPatch {
    static let keys: Set<String> = ["policy", "order", "tags", "platforms", "installationEvents", "access"]

    var policy: PackPolicy?
    var order: Int?
    var tags: [String]?
    var platforms: [ApplePlatform]?
    var installationEvents: [InstallationEventType]?
    var access: PackAccess?

    private struct Fields: Decodable {
        var policy: String?
        var order: Int?
        var tags: [String]?
        var platforms: [String]?
        var installationEvents: [String]?
        var access: String?
    }

    init(json body: [UInt8]) throws(AdminRefusal) {
        let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any]
        guard let object else { throw .badRequest("the body must be a JSON object") }
        if let unknown = object.keys.sorted().first(where: { !Self.keys.contains($0) }) {
            throw .badRequest("unknown key \(unknown): use \(Self.keys.sorted().joined(separator: ", "))")
        }
        try JSONNullMembers.refuse(in: object)
        guard let fields = try? JSONDecoder().decode(Fields.self, from: Data(body)) else {
            throw .badRequest("policy, access: strings; order: a whole number; tags, platforms, installationEvents: arrays of strings")
        }
        do throws(PackStoreError) {
            policy = try fields.policy.map(PackPolicy.init(parsing:))
            access = try fields.access.map(PackAccess.init(parsing:))
            if let order = fields.order { try PackStore.validateAttributes(id: "x", tags: [], order: order, contentType: nil) }
            order = fields.order
            if let tags = fields.tags {
                for tag in tags { try NameRules.validateTag(tag) }
                self.tags = tags
            }
            if let names = fields.platforms {
                platforms = names.map { $0.lowercased() } == ["all"] ? [] : try names.map(ApplePlatform.init(parsing:))
            }
            if let events = fields.installationEvents {
                installationEvents = try InstallationEventType.parseList(events.joined(separator: ","))
            }
        } catch {
            throw .store(error)
        }
    }

    /// Something besides the tags changes.
    var changesAttributes: Bool {
        policy != nil || order != nil || platforms != nil || installationEvents != nil || access != nil
    }
}
