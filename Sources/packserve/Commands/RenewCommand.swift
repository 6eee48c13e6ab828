import ArgumentParser
import PackServer
import PackStore

/// `packserve renew`: signs the latest release again when its manifest is due (the last quarter of its
/// lifetime, or other settings), then, with `storage.type: s3`, brings the bucket up to the index. For cron
/// on a publisher that runs no `serve`: without it, the bucket's manifest expires. Also completes a publish
/// whose bucket write failed.
struct RenewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "renew",
        abstract: "Re-sign the latest release when its manifest is due, and publish to the bucket (storage.type s3).")

    @ParentCommand var root: PackServe

    func run() async throws {
        let context = try await StoreContext.open(configPath: root.config)
        let signer = try context.signer()
        let bucket = try BucketPublishing.bucket(context)
        let logger = CommandContext.bootstrapLogging(level: context.config.logLevel)
        let (manifest, signed) = try ScheduledRenewal.run(
            store: context.store, signer: signer, logger: logger, now: ManifestSigner.now())
        guard let manifest else {
            print("nothing published yet: nothing to renew")
            return
        }
        let state = signed ? "signed" : "still current"
        print("release \(manifest.release) manifest version \(manifest.version) \(state), valid until \(manifest.expiresAt)")
        try BucketPublishing.sync(context, to: bucket)
    }
}
