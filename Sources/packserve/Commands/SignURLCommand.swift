import ArgumentParser
import Foundation
import PackServer
import PackStore
import ReleaseViews

/// `packserve sign-url ID [--ttl SECONDS] [--channel C] [--build B]`: prints a URL of pack ID, as the view of
/// channel C for build B serves it, that works without other credentials until it expires (docs/api.md
/// "Private packs", docs/channels.md "Views").
struct SignURLCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign-url",
        abstract: "Print a signed, expiring URL of a pack of the current release (for private packs).")

    @ParentCommand var root: PackServe

    @Argument(help: "Pack id.")
    var id: String

    @Option(help: "Seconds the URL works for (1…\(URLSignature.maxTTLSeconds)).")
    var ttl: Int = 3600

    @Option(help: "The channel whose view the pack is read in (default production).")
    var channel: String?

    @Option(help: "The app build whose view the pack is read in (default: a client that names none).")
    var build: String?

    func run() async throws {
        let context = try await StoreContext.open(configPath: root.config)
        let view = ViewSelector(
            channel: try channel.map(ViewArguments.channel), build: try build.map(ViewArguments.build))
        if let channel = view.channel, try !context.store.channels().contains(where: { $0.name == channel.text }) {
            throw CommandFailure(ChannelRefusal.unknownChannel(channel.text).description)
        }
        let answering = try context.store.answeringRelease(channel: view.channel ?? .production, build: view.build)
        let release = try answering.flatMap { try context.store.loadSnapshot(release: $0) }
        if release?.packs[id] == nil {
            // An id the store has never heard of gets its own message; one that is only in the draft is told
            // to publish first (below). Both before the secret is looked at: a mistyped id makes no file.
            _ = try context.store.draftEntry(id: id)
        }
        let logger = CommandContext.bootstrapLogging(level: context.config.logLevel)
        guard let secret = try URLSigningSecret.load(context.config, logger: logger) else {
            throw CommandFailure("""
                no URL-signing secret at \(URLSigningSecret.path(for: context.config)) and signing.generateIfMissing \
                is off: copy the server's secret there
                """)
        }
        let urls = SignedURLs(
            signature: URLSignature(secret: secret), baseURL: context.config.publicBaseURL,
            style: context.config.packURLs)
        let minted: SignedURLs.Minted
        do {
            minted = try urls.mint(id: id, in: release, view: view, ttl: ttl, now: Int64(Date().timeIntervalSince1970))
        } catch {
            throw CommandFailure(error.description)
        }
        if release?.packs[id]?.access == .public {
            FileHandle.standardError.write(Data("warning: pack \(id) is public: its URL works without a signature too\n".utf8))
        }
        print(minted.url)
    }
}
