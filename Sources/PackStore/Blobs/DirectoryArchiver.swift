import Foundation
import ZIPFoundation

/// Zips a directory given to `add` into the store's temp directory; the zip is then ingested like any file.
enum DirectoryArchiver {
    /// Returns the path of the new zip. Entries are relative to the directory (no parent folder), deflated.
    static func zip(directory: String, into blobs: BlobStore) throws(PackStoreError) -> String {
        let zipPath = blobs.newTempPath(suffix: ".zip")
        do {
            try FileManager().zipItem(
                at: URL(fileURLWithPath: directory, isDirectory: true), to: URL(fileURLWithPath: zipPath),
                shouldKeepParent: false, compressionMethod: .deflate)
        } catch {
            try? POSIX.removeFile(zipPath)
            throw .archiveFailed(path: directory, reason: String(describing: error))
        }
        return zipPath
    }
}
