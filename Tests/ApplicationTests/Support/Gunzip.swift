import Foundation

/// gzip's own decompression (`gzip -dc`), not ours: a body the server coded is checked by a tool that shares
/// no code with it.
enum Gunzip {
    static func decompress(_ data: Data, in directory: String) throws -> Data {
        let input = "\(directory)/body-\(UUID().uuidString).gz"
        try data.write(to: URL(fileURLWithPath: input))
        defer { try? FileManager.default.removeItem(atPath: input) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", "-dc", input]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let decoded = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? decoded : Data()
    }
}
