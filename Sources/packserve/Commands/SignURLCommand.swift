import ArgumentParser
import Foundation
import PackServer
import PackStore

/// `packserve sign-url ID [--ttl SECONDS]`: prints a URL of the current release's pack ID that works without
/// other credentials until it expires (docs/api.md "Private packs").
struct SignURLCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign-url",
        abstract: "Print a signed, expiring URL of a pack of the current release (for private packs).")

    @ParentCommand var root: PackServe

    @Argument(help: "Pack id.")
    var id: String

    @Option(help: "Seconds the URL works for (1…\(URLSignature.maxTTLSeconds)).")
    var ttl: Int = 3600

    func run() async throws {
        let context = try await StoreContext.open(configPath: root.config)
        let release = try context.store.loadSnapshot()
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
            minted = try urls.mint(id: id, in: release, ttl: ttl, now: Int64(Date().timeIntervalSince1970))
        } catch {
            throw CommandFailure(error.description)
        }
        if release?.packs[id]?.access == .public {
            FileHandle.standardError.write(Data("warning: pack \(id) is public: its URL works without a signature too\n".utf8))
        }
        print(minted.url)
    }
}
