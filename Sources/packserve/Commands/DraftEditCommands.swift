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

/// `packserve set ID [--policy P] [--order N]`
struct SetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "set", abstract: "Change a draft pack's policy or order.")

    @ParentCommand var root: PackServe

    @Argument(help: "Pack id.")
    var id: String

    @Option(help: "essential, prefetch or on-demand.")
    var policy: String?

    @Option(help: "Fetch order among prefetch packs (ascending).")
    var order: Int?

    @Option(help: "Content-Type to serve.")
    var contentType: String?

    func run() async throws {
        guard policy != nil || order != nil || contentType != nil else {
            throw CommandFailure("nothing to set: give --policy, --order or --content-type")
        }
        let entry = try await StoreContext.open(configPath: root.config).store.set(
            id: id, policy: policy.map(PackPolicy.init(parsing:)), order: order, contentType: contentType)
        print("\(entry.id): policy \(entry.policy.rawValue), order \(entry.order), content type \(entry.contentType)")
    }
}
