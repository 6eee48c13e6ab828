import DurableFiles
import Foundation
import GRDB
import SystemPackage

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Bringing a publisher back after its machine is lost (docs/deploying.md "Losing the publisher"): the
/// index is backed up whole, and the blobs it names come back from the bucket they were published to.
extension PackStore {
    /// Writes a consistent copy of the index to `path`: SQLite's online backup copies one read transaction's
    /// view while other processes go on publishing, unlike a copy of `index.sqlite` without its WAL. Written
    /// into a temp file that replaces `path` once whole (`AtomicFiles.replace`), so `path` holds a whole backup
    /// or the previous one.
    public func backUpIndex(to path: String) throws(PackStoreError) {
        try AtomicFiles.replace(
            path, mode: [.ownerReadWrite, .groupRead, .otherRead], failure: PackStoreError.init
        ) { temp throws(PackStoreError) in
            try Self.mapDatabaseErrors {
                let copy = try DatabaseQueue(path: temp.path)
                try database.backup(to: copy)
                try copy.close()
            }
        }
    }

    /// Puts a consistent copy of the index at the bucket's `backup/index.sqlite` (the publisher before every
    /// pointer move, and `packserve backup`); returns its size in bytes.
    @discardableResult
    public func backUpIndex(to bucket: any ObjectBucket, layout: BucketLayout) throws -> Int64 {
        let temp = blobs.newTempPath(suffix: ".index-backup")
        defer { try? POSIX.removeFile(temp) }
        try backUpIndex(to: temp)
        try bucket.putFile(layout.indexBackup, path: temp, contentType: "application/vnd.sqlite3")
        return Int64(try POSIX.status(atPath: temp)?.st_size ?? 0)
    }

    /// Installs `backup` (from `backUpIndex`) as the index of `dataDirectory`, which must have none: a
    /// restore never overwrites an index. The copy is opened (migrated if it is older) and audited
    /// (`auditIndex`): a backup with a row PackServe cannot trust is removed again and refused, naming the row.
    @discardableResult
    public static func restoreIndex(from backup: String, into dataDirectory: URL) throws(PackStoreError) -> PackStore {
        let root = dataDirectory.standardizedFileURL.path
        let index = root + "/index.sqlite"
        // "cannot restore over …/index.sqlite: File exists": the operator moves it away first.
        for path in [index, index + "-wal"] where try POSIX.status(atPath: path) != nil {
            throw .io(operation: "restore over", path: path, errno: EEXIST)
        }
        try POSIX.makeDirectories(root)
        try DirectoryBucket.copyFile(backup, to: index)
        do {
            let store = try PackStore(dataDirectory: dataDirectory)
            try store.auditIndex()
            return store
        } catch {
            for path in [index, index + "-wal", index + "-shm"] { try? POSIX.removeFile(path) }
            throw error
        }
    }

    /// Digest → size of every blob the index names (the draft's and the retained releases') whose file is
    /// not in the blob tree.
    public func absentBlobs() throws(PackStoreError) -> [String: Int64] {
        let named = try read { db in
            try Row.fetchAll(db, sql: "SELECT sha256, size FROM packVersion UNION SELECT sha256, size FROM releasePack")
        }
        var absent: [String: Int64] = [:]
        for row in named {
            let digest: String = row[0]
            if try POSIX.status(atPath: blobs.path(forSHA256: digest)) == nil { absent[digest] = row[1] }
        }
        return absent
    }

    /// Fetches the absent blobs that `bucket` holds into the blob tree, checking each one's SHA-256 before
    /// it is installed. Returns the digests the bucket did not have (draft versions never published).
    /// - Parameter progress: called after each blob with (done, total).
    public func restoreBlobs(
        from bucket: some ObjectBucket, layout: BucketLayout, progress: (Int, Int) -> Void = { _, _ in }
    ) throws -> [String] {
        let absent = try absentBlobs().keys.sorted()
        var unavailable: [String] = []
        for (index, digest) in absent.enumerated() {
            let temp = blobs.newTempPath(suffix: ".restore")
            defer { try? POSIX.removeFile(temp) }
            if try bucket.download(layout.blob(digest), to: temp) {
                let (actual, size) = try BlobStore.sha256(ofFileAt: temp)
                guard actual == digest else { throw PackStoreError.digestMismatch(expected: digest, actual: actual) }
                _ = try blobs.install(tempPath: temp, sha256: digest, size: size)
            } else {
                unavailable.append(digest)
            }
            progress(index + 1, absent.count)
        }
        return unavailable
    }
}
