import Crypto
import Foundation
import PackStore

/// A data directory under /tmp, removed when the value goes away; real SQLite, real files.
final class TemporaryStore {
    let root: URL
    let dataDirectory: URL
    let store: PackStore

    /// - Parameter parent: where the directory goes; `/dev/shm` (memory, where fsync costs nothing) for tests
    ///   that make thousands of small commits and are not about durability.
    init(parent: URL = FileManager.default.temporaryDirectory) throws {
        root = parent.appendingPathComponent("packstore-tests-\(UUID().uuidString)", isDirectory: true)
        dataDirectory = root.appendingPathComponent("data", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        store = try PackStore(dataDirectory: dataDirectory)
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    /// A second, independent store on the same directory, as another process would open it.
    func openAgain() throws -> PackStore {
        try PackStore(dataDirectory: dataDirectory)
    }

    /// Writes `bytes` to a new file outside the data directory.
    @discardableResult
    func makeFile(_ name: String, _ bytes: [UInt8]) throws -> URL {
        let url = root.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url
    }

    func makeFile(_ name: String, text: String) throws -> URL {
        try makeFile(name, Array(text.utf8))
    }

    func blobURL(_ sha256: String) -> URL {
        dataDirectory.appendingPathComponent("blobs/sha256/\(sha256.prefix(2))/\(sha256)")
    }

    /// Every file under blobs/sha256, as paths relative to it.
    func blobFiles() throws -> [String] {
        let blobRoot = dataDirectory.appendingPathComponent("blobs/sha256")
        let enumerator = FileManager.default.enumerator(atPath: blobRoot.path)
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.contains("/") { files.append(path) }
        }
        return files.sorted()
    }

    static func sha256Hex(_ bytes: [UInt8]) -> String {
        SHA256.hash(data: bytes).reduce(into: "") { hex, byte in
            hex += String(byte >> 4, radix: 16) + String(byte & 0x0F, radix: 16)
        }
    }
}
