import ArgumentParser
import PackStore

/// `packserve rm ID`
struct RemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm", abstract: "Remove a pack from the draft (published releases keep it).")

    @ParentCommand var root: PackServe

    @Argument(help: "Pack id.")
    var id: String

    func run() async throws {
        try await StoreContext.open(configPath: root.config).store.remove(id: id)
        print("removed \(id) from the draft")
    }
}

/// `packserve tag ID [--add T]… [--remove T]…`
struct TagCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "tag", abstract: "Add or remove tags of a draft pack.")

    @ParentCommand var root: PackServe

    @Argument(help: "Pack id.")
    var id: String

    @Option(help: "A tag to add (repeatable).")
    var add: [String] = []

    @Option(help: "A tag to remove (repeatable).")
    var remove: [String] = []

    func run() async throws {
        let tags = try await StoreContext.open(configPath: root.config).store.tag(id: id, add: add, remove: remove)
        print("\(id) tags: \(tags.isEmpty ? "(none)" : tags.joined(separator: ", "))")
    }
}

/// `packserve set ID [--policy P] [--order N] [--content-type T] [--platform P]… [--installation-events E]
/// [--access A] [--user-info FILE]`
struct SetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Change a draft pack's policy, order, content type, platforms, installation events, access or userInfo.")

    @ParentCommand var root: PackServe

    @Argument(help: "Pack id.")
    var id: String

    @OptionGroup var attributes: PackAttributeOptions

    @Option(help: "ios, macos, tvos or visionos (repeatable): list the pack only in that platform's download manifest; all: every platform.")
    var platform: [String] = []

    @Option(help: "When managed Background Assets download an essential or prefetch pack: firstInstallation, subsequentUpdate or firstInstallation,subsequentUpdate.")
    var installationEvents: String?

    @Option(help: "public, or private: the bytes need a download token or a signed URL (see sign-url).")
    var access: String?

    @Option(help: "A JSON file: the pack's userInfo in the download manifest (null: PackServe's own). Not for Apple Archives, whose Manifest.json has theirs.")
    var userInfo: String?

    func run() async throws {
        let (policy, order, contentType) = (attributes.policy, attributes.order, attributes.contentType)
        guard policy != nil || order != nil || contentType != nil || !platform.isEmpty || installationEvents != nil
            || access != nil || userInfo != nil
        else {
            throw CommandFailure(
                "nothing to set: give --policy, --order, --content-type, --platform, --installation-events, --access or --user-info")
        }
        let entry = try await StoreContext.open(configPath: root.config).store.set(
            id: id, policy: policy.map(PackPolicy.init(parsing:)), order: order, contentType: contentType,
            platforms: try PlatformOption.parse(platform), installationEvents: installationEvents.map(InstallationEventType.parseList),
            access: access.map(PackAccess.init(parsing:)), userInfo: try userInfo.map(UserInfoFile.read))
        let platforms = entry.platforms.isEmpty ? "all" : entry.platforms.map(\.rawValue).joined(separator: ",")
        print("""
            \(entry.id): policy \(entry.policy.rawValue), order \(entry.order), content type \(entry.contentType), \
            platforms \(platforms), installation events \(entry.installationEvents.map(\.rawValue).joined(separator: ",")), \
            access \(entry.access.rawValue)
            """)
    }

}
