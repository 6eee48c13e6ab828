import Crypto
import Foundation

/// Files of deterministic pseudo-random bytes (incompressible, so nothing in between can shortcut them),
/// written a mebibyte at a time.
enum TestFiles {
    static func make(bytes count: Int, seed: UInt64) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("s3-e2e-\(UUID().uuidString)").path
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        var state = seed | 1
        var left = count
        while left > 0 {
            let size = min(left, 1 << 20)
            var chunk = [UInt8](repeating: 0, count: size)
            chunk.withUnsafeMutableBytes { buffer in
                var index = 0
                while index < size {
                    // xorshift64
                    state ^= state << 13
                    state ^= state >> 7
                    state ^= state << 17
                    withUnsafeBytes(of: state) { word in
                        for byte in word where index < size {
                            buffer[index] = byte
                            index += 1
                        }
                    }
                }
            }
            try handle.write(contentsOf: chunk)
            left -= size
        }
        return path
    }

    static func sha256(path: String) throws -> String {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        var hash = SHA256()
        while let data = try handle.read(upToCount: 1 << 20), !data.isEmpty { hash.update(data: data) }
        return hash.finalize().map { String(format: "%02x", $0) }.joined()
    }
}
