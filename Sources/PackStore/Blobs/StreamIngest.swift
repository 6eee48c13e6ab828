import AppleArchive
import Crypto
import DurableFiles
import Hex

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Receives a pack from a `PackByteSource` into the store's temp directory, hashing and reading it as an Apple
/// Archive while it writes, the same way `Ingest` copies a file: nothing is installed or indexed here. The temp file is removed on every
/// failure (the source failing, too many bytes, a digest that does not match, a full disk).
struct StreamIngest {
    let blobs: BlobStore
    let limits: IngestLimits

    /// Bytes gathered before each write: fewer system calls than one per network read.
    static let writeSize = 1 << 20

    /// - Parameters:
    ///   - expectedSize: the announced length, if any: fewer bytes count as an incomplete upload.
    ///   - expectedSHA256: the announced digest (32 bytes), if any: another digest keeps nothing.
    func receiveToTemp(
        from source: inout some PackByteSource, expectedSize: Int64?, expectedSHA256: [UInt8]?
    ) throws(PackStoreError) -> IngestedFile {
        if let expectedSize, expectedSize > limits.maxPackBytes {
            throw .packTooLarge(path: "the upload", size: expectedSize, maxPackBytes: limits.maxPackBytes)
        }
        let (tempPath, (sha256, received, inspection)) = try blobs.stage("upload") { temp throws(PackStoreError) in
            try receive(from: &source, into: temp, expectedSize: expectedSize, expectedSHA256: expectedSHA256)
        }
        return IngestedFile(tempPath: tempPath, sha256: sha256, size: received, inspection: inspection)
    }

    /// Copies the source into `temp` while hashing and inspecting it; refuses what `receiveToTemp` refuses.
    private func receive(
        from source: inout some PackByteSource, into temp: StagedFile, expectedSize: Int64?, expectedSHA256: [UInt8]?
    ) throws(PackStoreError) -> (sha256: String, size: Int64, inspection: ArchiveInspection) {
        var hasher = SHA256()
        var inspector = ArchiveInspector(maxEntries: limits.maxArchiveEntries)
        var received: Int64 = 0
        var pending: [UInt8] = []
        pending.reserveCapacity(Self.writeSize)
        while true {
            let chunk: [UInt8]?
            do {
                chunk = try source.nextBytes()
            } catch {
                throw .uploadIncomplete(received: received)
            }
            guard let chunk else { break }
            received += Int64(chunk.count)
            guard received <= limits.maxPackBytes else {
                throw .packTooLarge(path: "the upload", size: received, maxPackBytes: limits.maxPackBytes)
            }
            hasher.update(data: chunk)
            try Self.inspect(chunk, with: &inspector)
            pending.append(contentsOf: chunk)
            if pending.count >= Self.writeSize {
                try Self.write(pending, to: temp)
                pending.removeAll(keepingCapacity: true)
            }
        }
        try Self.write(pending, to: temp)
        if let expectedSize, received != expectedSize { throw .uploadIncomplete(received: received) }
        let digest = Array(hasher.finalize())
        if let expectedSHA256, expectedSHA256 != digest {
            throw .digestMismatch(expected: Hex.string(expectedSHA256), actual: Hex.string(digest))
        }
        return (Hex.string(digest), received, try Ingest.finishInspection(&inspector, path: "the upload"))
    }

    private static func inspect(_ chunk: [UInt8], with inspector: inout ArchiveInspector) throws(PackStoreError) {
        let result = chunk.withUnsafeBytes { buffer in
            Result { () throws(PackStoreError) in try Ingest.inspect(buffer, with: &inspector, path: "the upload") }
        }
        try result.get()
    }

    private static func write(_ bytes: [UInt8], to temp: StagedFile) throws(PackStoreError) {
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(PackStoreError) in try POSIX.writeAll(temp.descriptor.rawValue, buffer, path: temp.path) }
        }
        try result.get()
    }
}
