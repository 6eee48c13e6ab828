import Crypto
import Foundation
import PackKitWire

/// SHA-256 of a file read in 1 MiB blocks, never whole in memory.
enum FileDigest {
    static func sha256(of file: URL) throws(PackKitError) -> String {
        guard let handle = FileHandle(forReadingAtPath: file.path) else { throw .io("cannot read \(file.path)") }
        defer { try? handle.close() }
        var hasher = SHA256()
        while true {
            let block: Data?
            do { block = try handle.read(upToCount: 1 << 20) } catch { throw .io("cannot read \(file.path): \(error)") }
            guard let block, !block.isEmpty else { break }
            hasher.update(data: block)
        }
        return HexDigest.string(hasher.finalize())
    }
}
