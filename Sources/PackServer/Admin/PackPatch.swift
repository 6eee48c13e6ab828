import AppleArchive
import JSONText
import PackStore

/// The body of `PATCH /admin/packs/{id}`: `{"policy","order","tags","platforms","installationEvents","access",
/// "userInfo"}`, each optional. `tags` replaces the pack's tags; `platforms` `[]` or `["all"]` means every
/// platform; `access` is `"public"` or `"private"`; `userInfo` is any JSON value, the pack's own in the download
/// manifest (`null`: PackServe's own again; refused for an Apple Archive, whose Manifest.json has its own). Read strictly like every admin body (`AdminJSONBody`): an unknown key,
/// a duplicate, a null or a value of the wrong type is refused (400), like the upload's unknown query
/// parameters.
struct PackPatch: AdminJSONBody {
    static let shape = JSONShape.object(members: [
        "policy": .string, "order": .wholeNumber, "tags": .array(of: .string), "platforms": .array(of: .string),
        "installationEvents": .array(of: .string), "access": .string, "userInfo": .any,
    ])

    var policy: PackPolicy?
    var order: Int?
    var tags: [String]?
    var platforms: [ApplePlatform]?
    var installationEvents: [InstallationEventType]?
    var access: PackAccess?
    /// Canonical JSON bytes.
    var userInfo: [UInt8]?

    init(checked body: JSONNode) throws(AdminRefusal) {
        do throws(UserInfoError) {
            userInfo = try body["userInfo"].map { value throws(UserInfoError) in
                try UserInfoLimits.canonicalJSON(of: JSONValue(value))
            }
        } catch {
            throw .badRequest("body: \(error)")
        }
        do throws(PackStoreError) {
            policy = try body["policy"]?.string.map(PackPolicy.init(parsing:))
            access = try body["access"]?.string.map(PackAccess.init(parsing:))
            if let order = body["order"]?.wholeNumber {
                try PackStore.validateAttributes(id: "x", tags: [], order: order, contentType: nil)
                self.order = order
            }
            if let tags = body["tags"]?.strings {
                for tag in tags { try NameRules.validateTag(tag) }
                self.tags = tags
            }
            if let names = body["platforms"]?.strings {
                platforms = names.map { $0.lowercased() } == ["all"] ? [] : try names.map(ApplePlatform.init(parsing:))
            }
            if let names = body["installationEvents"]?.strings {
                installationEvents = try Self.events(names)
            }
        } catch {
            throw .store(error)
        }
    }

    /// Each element is one event's name: `["firstInstallation,subsequentUpdate"]` is one unknown event, not
    /// two (the comma-separated list is the command line's spelling, not JSON's). Canonical order, no
    /// duplicates; an empty array is refused (a pack must be fetched on some event).
    private static func events(_ names: [String]) throws(PackStoreError) -> [InstallationEventType] {
        var events: Set<InstallationEventType> = []
        for name in names {
            guard let event = InstallationEventType(rawValue: name) else { throw .unknownInstallationEvents(name) }
            events.insert(event)
        }
        guard !events.isEmpty else { throw .unknownInstallationEvents("") }
        return InstallationEventType.allCases.filter(events.contains)
    }

    /// Something besides the tags changes.
    var changesAttributes: Bool {
        policy != nil || order != nil || platforms != nil || installationEvents != nil || access != nil
            || userInfo != nil
    }
}
