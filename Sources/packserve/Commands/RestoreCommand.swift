import ArgumentParser
import Foundation
import PackServer
import PackStore

/// `packserve restore [FILE]`: a new publisher from a backup of the index and the blobs in the bucket
/// (docs/deploying.md "Losing the publisher").
struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Make this data directory a publisher again: the index from FILE or the bucket's backup, the blobs from the bucket.")

    @ParentCommand var root: PackServe

    @Argument(help: "A backup of the index (default: the bucket's backup/index.sqlite, with storage.type s3).")
    var file: String?

    func run() async throws {
        let config = try await CommandContext.loadConfiguration(path: root.config)
        let storage = try BucketPublishing.bucket(config).map { (bucket: $0, layout: BucketLayout(prefix: config.storage.prefix)) }
        let dataDirectory = URL(fileURLWithPath: config.dataDirectory)
        var backup = file
        var downloaded: String?
        defer { downloaded.map { try? FileManager.default.removeItem(atPath: $0) } }
        if backup == nil {
            guard let (bucket, layout) = storage else {
                throw CommandFailure("name a FILE: storage.type is local, so there is no bucket to restore from")
            }
            let temp = FileManager.default.temporaryDirectory.appendingPathComponent("packserve-restore-\(UUID()).sqlite").path
            guard try bucket.download(layout.indexBackup, to: temp) else {
                throw CommandFailure("bucket \(config.storage.bucket) holds no \(layout.indexBackup): nothing to restore from")
            }
            backup = temp
            downloaded = temp
        }
        let store: PackStore
        do {
            store = try PackStore.restoreIndex(from: backup!, into: dataDirectory)
        } catch {
            throw CommandFailure(error.description)
        }
        print("restored the index into \(config.dataDirectory): latest release \(try store.latestReleaseNumber().map(String.init) ?? "none")")
        guard let (bucket, layout) = storage else {
            let absent = try store.absentBlobs()
            if !absent.isEmpty { print("\(absent.count) blobs are not in the data directory: copy blobs/ over, then run fsck") }
            return
        }
        let progress = ProgressLine(label: "blobs")
        let unavailable = try store.restoreBlobs(from: bucket, layout: layout) { done, total in
            progress.update(done: Int64(done), total: Int64(total))
        }
        progress.finish()
        if unavailable.isEmpty {
            print("every blob the index names is back; run `packserve fsck` to check")
        } else {
            // Only draft versions that were never published can be missing from the bucket.
            print("\(unavailable.count) blobs were never published (draft versions): add those packs again")
            for digest in unavailable { print("  \(digest)") }
        }
    }
}
