import Foundation
import ZIPFoundation

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Zips a directory given to `add` into the store's temp directory; the zip is then ingested like any file.
enum DirectoryArchiver {
    /// Returns the path of the new zip. Entries are relative to the directory (no parent folder), deflated.
    ///
    /// The directory is listed first, and refused if it holds anything but regular files and directories
    /// (see `DirectoryEntry.list`). The zip's size is watched as it is written: once it passes
    /// `maxPackBytes` zipping stops there, rather than after compressing the rest (minutes, for a large
    /// sparse file). Summing the inputs up front would prove nothing: deflate may shrink them far below the
    /// limit. On any failure the partial zip is deleted.
    static func zip(directory: String, into blobs: BlobStore, maxPackBytes: Int64) throws(PackStoreError) -> String {
        let entries = try DirectoryEntry.list(directory)
        let zipPath = blobs.newTempPath(suffix: ".zip")
        do {
            let archive = try Archive(url: URL(fileURLWithPath: zipPath), accessMode: .create)
            for entry in entries {
                try add(entry, to: archive, zipPath: zipPath, directory: directory, maxPackBytes: maxPackBytes)
            }
        } catch {
            try? POSIX.removeFile(zipPath)
            if let error = error as? PackStoreError { throw error }
            throw .archiveFailed(path: directory, reason: String(describing: error))
        }
        return zipPath
    }

    private static func add(
        _ entry: DirectoryEntry, to archive: Archive, zipPath: String, directory: String, maxPackBytes: Int64
    ) throws {
        let modified = Date(timeIntervalSince1970: POSIX.modificationDate(entry.info))
        // ZIPFoundation's own zipItem passes the whole st_mode; keep its external attributes.
        let permissions = UInt16(truncatingIfNeeded: entry.info.st_mode)
        if entry.isDirectory {
            try archive.addEntry(
                with: entry.relativePath + "/", type: .directory, uncompressedSize: 0, modificationDate: modified,
                permissions: permissions, provider: { (_: Int64, _: Int) in Data() })
            return
        }
        // Opened without following a link and without blocking, and checked again: the entry may have been
        // replaced since it was listed.
        let file = try POSIX.openFile(entry.absolutePath, O_RDONLY | O_NONBLOCK | O_NOFOLLOW, for: "open")
        defer { close(file) }
        let opened = try POSIX.status(of: file, path: entry.absolutePath)
        guard POSIX.isRegularFile(opened), Ingest.isUnchanged(entry.info, opened) else {
            throw PackStoreError.fileChangedDuringIngest(path: entry.absolutePath)
        }
        let size = Int64(opened.st_size)
        var read: Int64 = 0
        try archive.addEntry(
            with: entry.relativePath, type: .file, uncompressedSize: size, modificationDate: modified,
            permissions: permissions, compressionMethod: .deflate
        ) { (_: Int64, count: Int) throws -> Data in
            // Checked before each chunk: the zip so far (less what the archive still buffers) is over the limit.
            if let written = try POSIX.status(atPath: zipPath), Int64(written.st_size) > maxPackBytes {
                throw PackStoreError.archiveTooLarge(path: directory, maxPackBytes: maxPackBytes)
            }
            var chunk = Data(count: count)
            var filled = 0
            while filled < count {
                let got = try chunk.withUnsafeMutableBytes { buffer throws(PackStoreError) in
                    try POSIX.readSome(file, into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]), path: entry.absolutePath)
                }
                // The archive asks for exactly the size it declared: a file that shrank cannot supply it.
                guard got > 0 else { throw PackStoreError.fileChangedDuringIngest(path: entry.absolutePath) }
                filled += got
            }
            read += Int64(count)
            return chunk
        }
        guard read == size, Ingest.isUnchanged(entry.info, try POSIX.status(of: file, path: entry.absolutePath)) else {
            throw PackStoreError.fileChangedDuringIngest(path: entry.absolutePath)
        }
    }
}
