import ArgumentParser
import Foundation
import PackServer
import PackStore
import ReleaseViews

/// `packserve channel create|rm|history`: named pointers to releases (docs/channels.md).
struct ChannelCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "channel", abstract: "Create, remove and show the history of a channel.",
        subcommands: [ChannelCreateCommand.self, ChannelRemoveCommand.self, ChannelHistoryCommand.self])

    @ParentCommand var root: PackServe
}

/// `packserve channel create NAME [--release N] [--require-credentials]`
struct ChannelCreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create", abstract: "Make a channel pointing at a release (default: production's).")

    @ParentCommand var parent: ChannelCommand

    @Argument(help: "The channel's name: a-z, 0-9 and '-', starting with a letter, at most 32.")
    var name: String

    @Option(help: "The release it points at (default: production's current release).")
    var release: Int?

    @Flag(help: "Its documents and packs need credentials in every view.")
    var requireCredentials = false

    func run() async throws {
        let channel = try ViewArguments.channel(name)
        let context = try await StoreContext.open(configPath: parent.root.config)
        let signer = try context.signer()
        let bucket = try BucketPublishing.bucket(context)
        let change = try context.store.createChannel(
            channel, at: release, requireCredentials: requireCredentials, sealedBy: signer.sealing())
        print("channel \(channel) created at release \(change.release) (manifest version \(change.version))")
        try BucketPublishing.sync(context, to: bucket)
    }
}

/// `packserve channel rm NAME`
struct ChannelRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm", abstract: "Remove a channel (its manifest version goes on if it is made again).")

    @ParentCommand var parent: ChannelCommand

    @Argument(help: "The channel to remove; never production.")
    var name: String

    func run() async throws {
        let channel = try ViewArguments.channel(name)
        let context = try await StoreContext.open(configPath: parent.root.config)
        let bucket = try BucketPublishing.bucket(context)
        try context.store.removeChannel(channel)
        print("channel \(channel) removed")
        // Its pointer stays in the bucket until `gc`: replicas stop serving it when it is gone from there.
        try BucketPublishing.sync(context, to: bucket)
    }
}

/// `packserve channel history NAME [--json]`
struct ChannelHistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history", abstract: "List the releases a channel pointed at, oldest first.")

    @ParentCommand var parent: ChannelCommand

    @Argument(help: "The channel.")
    var name: String

    @Flag(help: "Print a JSON array of {release, pointedAt, action, builds, pruned}.")
    var json = false

    func run() async throws {
        let channel = try ViewArguments.channel(name)
        let history = try await StoreContext.open(configPath: parent.root.config).store.channelHistory(channel)
        if json {
            print(try ChannelDocuments.history(history))
            return
        }
        let rows = history.map { item in
            [String(item.release), item.pointedAt.formatted(.iso8601), item.action.rawValue, item.builds.description,
             item.isPruned ? "pruned" : ""]
        }
        print(TextTable.render(header: ["RELEASE", "SINCE", "ACTION", "BUILDS", "STATUS"], rows: rows))
    }
}

/// `packserve channels [--json]`
struct ChannelsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "channels", abstract: "List the channels.")

    @ParentCommand var root: PackServe

    @Flag(help: "Print a JSON array of {name, release, version, requireCredentials, rollout}.")
    var json = false

    func run() async throws {
        let channels = try await StoreContext.open(configPath: root.config).store.channels()
        if json {
            print(try ChannelDocuments.list(channels))
            return
        }
        let rows = channels.map { channel in
            [channel.name, channel.release.map(String.init) ?? "-", String(channel.version),
             channel.requireCredentials ? "credentials" : "",
             channel.rollout.map { "release \($0.candidate) at \($0.percent) % (\($0.state.rawValue))" } ?? ""]
        }
        print(TextTable.render(header: ["CHANNEL", "RELEASE", "VERSION", "ACCESS", "ROLLOUT"], rows: rows))
    }
}

/// `packserve promote N --channel C`: points C at a newer retained release; no upload, no new release.
struct PromoteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "promote", abstract: "Point a channel at a newer release that exists already.")

    @ParentCommand var root: PackServe

    @Argument(help: "The release, newer than the channel's.")
    var release: Int

    @Option(help: "The channel to move.")
    var channel: String

    func run() async throws {
        let channel = try ViewArguments.channel(channel)
        let context = try await StoreContext.open(configPath: root.config)
        let signer = try context.signer()
        let bucket = try BucketPublishing.bucket(context)
        let change = try context.store.promote(channel, to: release, sealedBy: signer.sealing())
        print("\(channel) now reads release \(release) (manifest version \(change.version))\(ViewArguments.raisedNote(change))")
        try BucketPublishing.sync(context, to: bucket)
    }
}

/// `packserve builds [--json]` and `packserve builds set B --channel C [--force]`: the build map.
struct BuildsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "builds", abstract: "Show or change which channel each app build reads.",
        subcommands: [BuildsListCommand.self, BuildsSetCommand.self], defaultSubcommand: BuildsListCommand.self)

    @ParentCommand var root: PackServe
}

struct BuildsListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ls", abstract: "List the builds that read a channel other than production.")

    @ParentCommand var parent: BuildsCommand

    @Flag(help: "Print a JSON array of {build, channel}.")
    var json = false

    func run() async throws {
        let map = try await StoreContext.open(configPath: parent.root.config).store.buildMap()
        if json {
            print(try ChannelDocuments.builds(map))
            return
        }
        guard !map.isEmpty else {
            print("every build reads production")
            return
        }
        print(TextTable.render(header: ["BUILD", "CHANNEL"], rows: map.map { [$0.build.description, $0.channel] }))
    }
}

struct BuildsSetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", abstract: "Make an app build read a channel (production: forget it).")

    @ParentCommand var parent: BuildsCommand

    @Argument(help: "The build (CFBundleVersion).")
    var build: String

    @Option(help: "The channel its devices read when their URLs name no channel.")
    var channel: String

    @Flag(help: "Map it even if a pack's Apple version would fall for its devices, or the channel has nothing for it.")
    var force = false

    func run() async throws {
        let build = try ViewArguments.build(build)
        let channel = try ViewArguments.channel(channel)
        let context = try await StoreContext.open(configPath: parent.root.config)
        let signer = try context.signer()
        let bucket = try BucketPublishing.bucket(context)
        let change = try context.store.mapBuild(build, to: channel, force: force, sealedBy: signer.sealing())
        print("build \(build) reads \(channel) (manifest version \(change.version))")
        try BucketPublishing.sync(context, to: bucket)
    }
}
