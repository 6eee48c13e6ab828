import Foundation

/// Files of random bytes: incompressible, and no region equals another, so a client that stitched a
/// download together from the wrong offsets can't end up with the right checksum.
package enum RandomFile {
    package static func write(to path: String, count: Int) throws {
        guard let random = FileHandle(forReadingAtPath: "/dev/urandom") else { throw EndToEndFailure("cannot open /dev/urandom") }
        defer { try? random.close() }
        guard FileManager.default.createFile(atPath: path, contents: nil) else { throw EndToEndFailure("cannot create \(path)") }
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? out.close() }
        var left = count
        while left > 0 {
            let chunk = random.readData(ofLength: min(left, 1 << 20))
            try out.write(contentsOf: chunk)
            left -= chunk.count
        }
    }
}
