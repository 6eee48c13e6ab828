import AppleArchive

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Copies a file into the store's temp directory, hashing the bytes as they are written and reading them as an
/// Apple Archive in the same pass (`ArchiveInspector`), and refuses the result if the source changed meanwhile
/// or is a malformed archive. Nothing here touches the index: the caller installs the blob, then commits.
struct Ingest {
    let blobs: BlobStore
    let limits: IngestLimits
    let progress: ((_ bytesDone: Int64, _ bytesTotal: Int64) -> Void)?

    /// - Parameter displayPath: the path named in errors (the user's path, not an intermediate zip).
    func copyToTemp(from sourcePath: String, displayPath: String) throws(PackStoreError) -> IngestedFile {
        // O_NONBLOCK: should the path have become a FIFO since the caller looked, open must not wait for a
        // writer; the check below then refuses it. Reads of a regular file ignore the flag.
        let source = try POSIX.openFile(sourcePath, O_RDONLY | O_NONBLOCK, for: "open")
        defer { close(source) }
        let before = try POSIX.status(of: source, path: displayPath)
        guard POSIX.isRegularFile(before) else { throw .notARegularFile(path: displayPath) }
        let expectedSize = Int64(before.st_size)
        guard expectedSize <= limits.maxPackBytes else {
            throw .packTooLarge(path: displayPath, size: expectedSize, maxPackBytes: limits.maxPackBytes)
        }
        // No writeback hints for the temp file: measured, POSIX_FADV_DONTNEED every 32 MiB made a 1 GiB add
        // 3x slower on this VM's disk; one fsync at the end lets the kernel schedule the writes.
        #if os(Linux)
            _ = posix_fadvise(source, 0, 0, POSIX_FADV_SEQUENTIAL)
        #endif

        let (tempPath, (sha256, copied, inspection)) = try blobs.stage("partial") { temp throws(PackStoreError) in
            let (sha256, copied, inspection) = try copy(
                from: source, to: temp.descriptor.rawValue, tempPath: temp.path, expectedSize: expectedSize,
                displayPath: displayPath)
            let afterOpen = try POSIX.status(of: source, path: displayPath)
            let afterPath = try POSIX.status(atPath: sourcePath)
            guard copied == expectedSize, Self.isUnchanged(before, afterOpen),
                let afterPath, Self.isUnchanged(before, afterPath)
            else { throw .fileChangedDuringIngest(path: displayPath) }
            return (sha256, copied, inspection)
        }
        return IngestedFile(tempPath: tempPath, sha256: sha256, size: copied, inspection: inspection)
    }

    private func copy(
        from source: Int32, to temp: Int32, tempPath: String, expectedSize: Int64, displayPath: String
    ) throws(PackStoreError) -> (String, Int64, ArchiveInspection) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: BlobStore.bufferSize, alignment: 4096)
        defer { buffer.deallocate() }
        let digests = ChunkDigests(path: displayPath, maxArchiveEntries: limits.maxArchiveEntries)
        var throttle = ProgressThrottle()
        var copied: Int64 = 0
        while true {
            let count = try POSIX.readSome(source, into: buffer, path: displayPath)
            if count == 0 { break }
            copied += Int64(count)
            // A growing file can never match its first size; stop early rather than copy without bound.
            guard copied <= expectedSize else { throw .fileChangedDuringIngest(path: displayPath) }
            let chunk = UnsafeRawBufferPointer(rebasing: buffer[0..<count])
            try digests.update(chunk)
            try POSIX.writeAll(temp, chunk, path: tempPath)
            if let progress, throttle.shouldReport(now: ProgressThrottle.monotonicNow(), isFinal: false) {
                progress(copied, expectedSize)
            }
        }
        if let progress, throttle.shouldReport(now: ProgressThrottle.monotonicNow(), isFinal: true) {
            progress(copied, expectedSize)
        }
        let (sha256, inspection) = try digests.finish()
        return (sha256, copied, inspection)
    }

    static func inspect(
        _ chunk: UnsafeRawBufferPointer, with inspector: inout ArchiveInspector, path: String
    ) throws(PackStoreError) {
        do throws(AppleArchiveError) {
            try inspector.feed(chunk)
        } catch {
            if let limit = error.entryLimit { throw .tooManyArchiveEntries(path: path, maxArchiveEntries: limit) }
            throw .invalidArchive(path: path, reason: error.description)
        }
    }

    static func finishInspection(_ inspector: inout ArchiveInspector, path: String) throws(PackStoreError)
        -> ArchiveInspection
    {
        do throws(AppleArchiveError) {
            return try inspector.finish()
        } catch {
            throw .invalidArchive(path: path, reason: error.description)
        }
    }

    /// Same size, same modification time, same inode: the ingest read one consistent file.
    static func isUnchanged(_ before: stat, _ after: stat) -> Bool {
        before.st_size == after.st_size && before.st_ino == after.st_ino && before.st_dev == after.st_dev
            && POSIX.modificationDate(before) == POSIX.modificationDate(after)
    }
}
