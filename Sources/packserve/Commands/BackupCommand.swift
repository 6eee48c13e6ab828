import ArgumentParser
import Foundation
import PackStore

/// `packserve backup [FILE]`: a consistent copy of the index, to a file or to the bucket
/// (docs/deploying.md "Losing the publisher").
struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy the index consistently, while others publish: to FILE, or to the bucket's backup/index.sqlite.")

    @ParentCommand var root: PackServe

    @Argument(help: "Where to write the copy (default: the bucket, with storage.type s3).")
    var file: String?

    func run() async throws {
        let context = try await StoreContext.open(configPath: root.config)
        if let file {
            try context.store.backUpIndex(to: file)
            print("backed up the index to \(file)")
            return
        }
        guard let bucket = try BucketPublishing.bucket(context) else {
            throw CommandFailure("name a FILE: storage.type is local, so there is no bucket to back up to")
        }
        let temp = FileManager.default.temporaryDirectory.appendingPathComponent("packserve-backup-\(UUID()).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: temp) }
        try context.store.backUpIndex(to: temp)
        let size = try FileManager.default.attributesOfItem(atPath: temp)[.size] as? Int64 ?? 0
        let key = BucketLayout(prefix: context.config.storage.prefix).indexBackup
        try bucket.putFile(key, path: temp, contentType: "application/vnd.sqlite3")
        print("backed up the index (\(ByteCount.format(size))) to \(key) in bucket \(context.config.storage.bucket)")
    }
}
