import ArgumentParser
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

    func run() async throws {
        let report = try await StoreContext.open(configPath: root.config).store.gc(keepReleases: keep, wait: wait.lockWait)
        let pruned = report.prunedReleases.isEmpty
            ? "" : ", pruned releases \(report.prunedReleases.map(String.init).joined(separator: ", "))"
        print("removed \(report.removedBlobs) blobs (\(report.freedBytes) bytes) and \(report.removedVersions) old versions\(pruned)")
    }
}
