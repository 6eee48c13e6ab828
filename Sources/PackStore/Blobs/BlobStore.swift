import Digests
import DurableFiles
import SystemPackage

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The content-addressed blob tree: `<dataDirectory>/blobs/sha256/<2 hex>/<64 hex>`, plus the `tmp/` directory
/// where ingests write before renaming into place. A value: it only knows paths and does file-system work.
struct BlobStore: Sendable {
    let dataDirectory: String

    var blobRoot: String { dataDirectory + "/blobs/sha256" }
    var tempDirectory: String { dataDirectory + "/tmp" }
    var ingestLockPath: String { dataDirectory + "/ingest.lock" }

    /// The blocks an ingest copies in: the size `FileDigest` reads, for the same reasons.
    static let bufferSize = FileDigest.bufferSize

    func path(forSHA256 hex: String) -> String {
        "\(blobRoot)/\(hex.prefix(2))/\(hex)"
    }

    func createDirectories() throws(PackStoreError) {
        try POSIX.makeDirectories(dataDirectory)
        for path in [dataDirectory + "/blobs", blobRoot, tempDirectory] {
            try POSIX.makeDirectory(path)
        }
    }

    /// Writes a new blob's bytes into `tmp/` (the blobs' file system, so `install`'s rename is atomic) through
    /// `fill`, fsynced, for `install` to put at its address once its digest is known (`AtomicFiles.stage`);
    /// `name` says what wrote it. Returns the temp file's path and what `fill` returned; a failure removes it.
    func stage<Value>(
        _ name: String, fill: (StagedFile) throws(PackStoreError) -> Value
    ) throws(PackStoreError) -> (path: String, value: Value) {
        try AtomicFiles.stage(
            beside: "\(tempDirectory)/\(name)", mode: [.ownerReadWrite, .groupRead, .otherRead],
            failure: PackStoreError.init, fill: fill)
    }

    /// A fresh, exclusive temp file name inside `tmp/` (same file system as the blobs, so rename is atomic).
    func newTempPath(suffix: String) -> String {
        "\(tempDirectory)/\(String(UInt64.random(in: .min ... .max), radix: 16))\(suffix)"
    }

    /// Moves a fully written and fsynced temp file to its content address and makes the rename durable.
    /// Returns true when an identical blob was already stored: the temp file is then discarded.
    func install(tempPath: String, sha256: String, size: Int64) throws(PackStoreError) -> Bool {
        let shard = "\(blobRoot)/\(sha256.prefix(2))"
        if try POSIX.makeDirectory(shard) { try POSIX.syncDirectory(blobRoot) }
        let destination = path(forSHA256: sha256)
        // A same-named blob of the wrong size can only be damage; replacing it with good bytes is safe.
        if let existing = try POSIX.status(atPath: destination), Int64(existing.st_size) == size {
            try POSIX.removeFile(tempPath)
            return true
        }
        try POSIX.moveIntoPlace(tempPath, at: destination)
        return false
    }

    /// Every file under the blob tree, with its name and size; names need not be valid digests (fsck reports
    /// anything that is not a referenced blob as an orphan).
    func allBlobFiles() throws(PackStoreError) -> [BlobFile] {
        var files: [BlobFile] = []
        for shard in try POSIX.directoryEntries(blobRoot) {
            let shardPath = "\(blobRoot)/\(shard)"
            for name in try POSIX.directoryEntries(shardPath) {
                let path = "\(shardPath)/\(name)"
                guard let info = try POSIX.status(atPath: path) else { continue }
                // A name only addresses a blob when it sits in the shard its first two characters name.
                let address = name.count == 64 && name.hasPrefix(shard) ? name : nil
                files.append(BlobFile(path: path, sha256: address, size: Int64(info.st_size)))
            }
        }
        return files
    }

    func tempFiles() throws(PackStoreError) -> [String] {
        try POSIX.directoryEntries(tempDirectory).sorted().map { "\(tempDirectory)/\($0)" }
    }

    /// Hashes a stored file (Digests' `FileDigest`); returns the lowercase hex digest and the number of bytes read.
    static func sha256(ofFileAt path: String) throws(PackStoreError) -> (hex: String, size: Int64) {
        do {
            return try FileDigest.sha256Hex(ofFileAt: path)
        } catch {
            throw PackStoreError(error)
        }
    }
}
