import Foundation

/// A fresh directory under the system temporary directory, removed with everything in it on release.
package final class TemporaryDirectory: Sendable {
    package let path: String

    package init(_ label: String = "packserve-e2e") throws {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(label)-\(getpid())-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    package func file(_ name: String) -> String { "\(path)/\(name)" }

    /// Creates (and returns) a subdirectory.
    package func directory(_ name: String) throws -> String {
        let sub = file(name)
        try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
        return sub
    }

    /// Writes `count` random bytes to `name` and returns the path.
    package func randomFile(_ name: String, count: Int) throws -> String {
        let path = file(name)
        try RandomFile.write(to: path, count: count)
        return path
    }
}
