import Crypto
import Foundation

/// SHA-256 of a file on disk, read in 1 MiB blocks. (PackStore hashes blobs its own way; the client side
/// must not depend on the server's store.)
enum FileDigest {
    static func sha256(ofFileAt path: String) throws(DownloadFailure) -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw .io("cannot read \(path)") }
        defer { try? handle.close() }
        var hasher = SHA256()
        while true {
            let block: Data?
            do { block = try handle.read(upToCount: 1 << 20) } catch { throw .io("cannot read \(path): \(error.localizedDescription)") }
            guard let block, !block.isEmpty else { break }
            hasher.update(data: block)
        }
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }
}
