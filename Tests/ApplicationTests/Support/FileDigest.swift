import Foundation

/// SHA-256 of a file by `sha256sum`, not by the store's own hashing: what the store reports is checked
/// against a tool that shares no code with it.
enum FileDigest {
    static func sha256(of path: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sha256sum", path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0, let digest = text.split(separator: " ").first else {
            throw DigestFailure(description: "sha256sum \(path) failed: \(text)")
        }
        return String(digest)
    }

    struct DigestFailure: Error, CustomStringConvertible {
        let description: String
    }
}
