import ArgumentParser
import PackServer
import PackStore

/// `packserve gc [--keep N]`
struct GCCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gc",
        abstract: "Remove blobs that neither the draft nor the last N releases reference.")

    @ParentCommand var root: PackServe

    @Option(help: "How many of the newest releases to keep restorable.")
    var keep: Int = PackStore.defaultKeepReleases

    @OptionGroup var wait: LockWaitOption

    @Flag(help: "Say which releases would be kept, and why (for which channels and builds), and which pruned; change nothing.")
    var dryRun = false

    func run() async throws {
        let context = try await StoreContext.open(configPath: root.config)
        if dryRun {
            let plan = try context.store.gcPlan(keepReleases: keep)
            for kept in plan.kept { print("keeps release \(kept.release): \(kept.reasons.joined(separator: "; "))") }
            print(plan.pruned.isEmpty
                ? "would prune nothing" : "would prune releases \(plan.pruned.map(String.init).joined(separator: ", "))")
            return
        }
        let bucket = try BucketPublishing.bucket(context)
        let report = try context.store.gc(keepReleases: keep, wait: wait.lockWait)
        let pruned = report.prunedReleases.isEmpty
            ? "" : ", pruned releases \(report.prunedReleases.map(String.init).joined(separator: ", "))"
        print("removed \(report.removedBlobs) blobs (\(report.freedBytes) bytes) and \(report.removedVersions) old versions\(pruned)")
        // After the index's gc, so the releases it pruned are no longer retained in the bucket either.
        if let bucket {
            let removed = try BucketCollector(store: context.store, bucket: bucket, configuration: context.config).run()
            print("bucket: removed \(removed.blobKeys.count) blobs and \(removed.releaseKeys.count) release objects")
        }
    }
}
