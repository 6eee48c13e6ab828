import AppleArchive
import Crypto
import Dispatch
import Hex

/// The two passes `add` makes over each chunk it copies: SHA-256 of the bytes (the blob's address) and the
/// Apple Archive reader (whose content digest hashes every file in an archive again). Two full SHA-256
/// passes cost about one in wall time when they run side by side on two threads; a 4 MiB chunk makes the
/// hand-off negligible.
///
/// `@unchecked Sendable`: each of the two halves touches only its own state and only reads the chunk, and
/// `update` returns only once both have ended.
final class ChunkDigests: @unchecked Sendable {
    private var hasher = SHA256()
    private var inspector: ArchiveInspector
    private var refusal: PackStoreError?
    /// What errors call the bytes.
    private let path: String

    init(path: String, maxArchiveEntries: Int) {
        self.path = path
        inspector = ArchiveInspector(maxEntries: maxArchiveEntries)
    }

    func update(_ chunk: UnsafeRawBufferPointer) throws(PackStoreError) {
        let bytes = Bytes(chunk: chunk)
        DispatchQueue.concurrentPerform(iterations: 2) { half in
            if half == 0 { self.hasher.update(bufferPointer: bytes.chunk) } else { self.inspect(bytes.chunk) }
        }
        if let refusal { throw refusal }
    }

    /// The bytes' SHA-256 (hex) and what the reader found.
    func finish() throws(PackStoreError) -> (sha256: String, inspection: ArchiveInspection) {
        (Hex.string(hasher.finalize()), try Ingest.finishInspection(&inspector, path: path))
    }

    private func inspect(_ chunk: UnsafeRawBufferPointer) {
        guard refusal == nil else { return }
        do throws(PackStoreError) {
            try Ingest.inspect(chunk, with: &inspector, path: path)
        } catch {
            refusal = error
        }
    }

    /// The chunk, lent to the two halves for the duration of `update`.
    private struct Bytes: @unchecked Sendable {
        let chunk: UnsafeRawBufferPointer
    }
}
