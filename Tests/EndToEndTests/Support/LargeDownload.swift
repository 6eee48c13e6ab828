import Foundation
import CDNSimulation

/// The 200 MiB file of random bytes the download-client tests share. It is made once per test process,
/// alone in a directory that serves as the server's public directory, and removed when the process exits.
struct LargeDownload: Sendable {
    static let name = "large.bin"
    static let size = 200 << 20

    let publicDirectory: String
    let path: String
    let sha256: String

    /// Made on first use; every later caller gets the same file (or the same failure).
    static func shared() async throws -> LargeDownload {
        try await cache.value()
    }

    private static let cache = LargeDownloadCache()

    /// Depends only on the process, so the exit handler can find it without capturing anything.
    static var directory: String {
        FileManager.default.temporaryDirectory.appendingPathComponent("packserve-e2e-large-\(getpid())").path
    }

    static func make() async throws -> LargeDownload {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: LargeDownload.directory) }
        let path = "\(directory)/\(name)"
        try RandomFile.write(to: path, count: size)
        return LargeDownload(publicDirectory: directory, path: path, sha256: try await ExternalTool.sha256(of: path))
    }
}
