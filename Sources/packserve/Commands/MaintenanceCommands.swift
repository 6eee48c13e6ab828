import ArgumentParser
import PackStore

/// `packserve fsck [--repair]`: index versus blobs. Exit 1 when the index references missing or corrupt blobs.
struct FsckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fsck",
        abstract: "Check the index against the blobs: missing, corrupt (hash), orphaned, leftover temp files.")

    @ParentCommand var root: PackServe

    @Flag(help: "Remove orphaned blobs and leftover temp files (never anything the index references).")
    var repair = false

    func run() async throws {
        let report = try await StoreContext.open(configPath: root.config).store.fsck(repair: repair)
        report.lines.forEach { print($0) }
        print("\(report.checkedBlobs) blobs checked: \(report.isConsistent ? "index and blobs consistent" : "INCONSISTENT")")
        if !report.isConsistent { throw ExitCode(1) }
    }
}

/// `packserve gc [--keep N]`
struct GCCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gc",
        abstract: "Remove blobs that neither the draft nor the last N releases reference.")

    @ParentCommand var root: PackServe

    @Option(help: "How many of the newest releases to keep restorable.")
    var keep: Int = PackStore.defaultKeepReleases

    func run() async throws {
        let report = try await StoreContext.open(configPath: root.config).store.gc(keepReleases: keep)
        let pruned = report.prunedReleases.isEmpty
            ? "" : ", pruned releases \(report.prunedReleases.map(String.init).joined(separator: ", "))"
        print("removed \(report.removedBlobs) blobs (\(report.freedBytes) bytes) and \(report.removedVersions) old versions\(pruned)")
    }
}
