import CDNSimulation
import Crypto
import Foundation

/// One pack of the benchmark's catalog: its bytes in release 1 and, when release 2 changes it, new ones.
struct CatalogPack: Sendable {
    let id: String
    let policy: String
    let order: Int
    let changes: Bool
    let file1: String
    let size1: Int
    let sha1: String
    let file2: String
    let size2: Int
    let sha2: String

    /// The catalog: id, policy, size in MiB (before `scale`), whether release 2 has new bytes for it.
    static let plan: [(id: String, policy: String, mib: Double, changes: Bool)] = [
        ("core", "essential", 6, true),
        ("tutorial", "essential", 3, false),
        ("level-1", "prefetch", 16, false),
        ("level-2", "prefetch", 24, true),
        ("level-3", "on-demand", 32, false),
        ("hd-textures", "on-demand", 64, false),
        ("voice-fr", "on-demand", 12, true),
        ("voice-de", "on-demand", 12, false),
    ]

    /// Writes every pack's files of random bytes into `directory` (release 2's new bytes 4 KiB longer).
    static func make(in directory: String, scale: Double) throws -> [CatalogPack] {
        try plan.enumerated().map { order, entry in
            let size = max(4096, Int(entry.mib * Double(1 << 20) * scale))
            let file1 = "\(directory)/\(entry.id).v1"
            let sha1 = try writeRandom(to: file1, count: size)
            guard entry.changes else {
                return CatalogPack(
                    id: entry.id, policy: entry.policy, order: order, changes: false, file1: file1, size1: size, sha1: sha1,
                    file2: file1, size2: size, sha2: sha1)
            }
            let file2 = "\(directory)/\(entry.id).v2"
            let sha2 = try writeRandom(to: file2, count: size + 4096)
            return CatalogPack(
                id: entry.id, policy: entry.policy, order: order, changes: true, file1: file1, size1: size, sha1: sha1,
                file2: file2, size2: size + 4096, sha2: sha2)
        }
    }

    /// `RandomFile`'s bytes, hashed as they are written.
    private static func writeRandom(to path: String, count: Int) throws -> String {
        try RandomFile.write(to: path, count: count)
        guard let handle = FileHandle(forReadingAtPath: path) else { throw BenchFailure("cannot read \(path)") }
        defer { try? handle.close() }
        var hasher = SHA256()
        while let chunk = try handle.read(upToCount: 4 << 20), !chunk.isEmpty { hasher.update(data: chunk) }
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }
}
