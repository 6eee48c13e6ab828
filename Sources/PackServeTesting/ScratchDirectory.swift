import Foundation

/// A directory of its own under the system's temporary directory, removed when the last reference goes.
public final class ScratchDirectory: Sendable {
    public let path: String

    public init(_ prefix: String) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The path of `name` inside (not created).
    public func file(_ name: String) -> String { "\(path)/\(name)" }

    /// Creates `name` inside (and its parents) and returns its path.
    public func directory(_ name: String) throws -> String {
        let made = file(name)
        try FileManager.default.createDirectory(atPath: made, withIntermediateDirectories: true)
        return made
    }

    /// Writes `count` random bytes to `name` inside and returns its path.
    public func randomFile(_ name: String, count: Int) throws -> String {
        // Eight bytes per call: a debug build spends seconds on megabytes filled a byte at a time.
        var generator = SystemRandomNumberGenerator()
        var words = [UInt64](repeating: 0, count: (count + 7) / 8)
        for index in words.indices { words[index] = generator.next() }
        let made = file(name)
        try words.withUnsafeBytes { Data($0.prefix(count)) }.write(to: URL(fileURLWithPath: made))
        return made
    }
}
