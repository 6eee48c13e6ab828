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
        let layout = BucketLayout(prefix: context.config.storage.prefix)
        let size = try context.store.backUpIndex(to: bucket, layout: layout)
        let key = layout.indexBackup
        print("backed up the index (\(ByteCount.format(size))) to \(key) in bucket \(context.config.storage.bucket)")
    }
}
