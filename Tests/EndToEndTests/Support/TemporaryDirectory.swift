import Foundation

/// A fresh directory under the system temporary directory, removed with everything in it on release.
final class TemporaryDirectory: Sendable {
    let path: String

    init(_ label: String = "packserve-e2e") throws {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(label)-\(getpid())-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    func file(_ name: String) -> String { "\(path)/\(name)" }

    /// Creates (and returns) a subdirectory.
    func directory(_ name: String) throws -> String {
        let sub = file(name)
        try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
        return sub
    }

    /// Writes `count` random bytes to `name` and returns the path.
    func randomFile(_ name: String, count: Int) throws -> String {
        let path = file(name)
        try RandomFile.write(to: path, count: count)
        return path
    }
}
