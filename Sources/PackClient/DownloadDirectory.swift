import Foundation

/// The directory `verify --download` writes into. Partial files of interrupted downloads stay there
/// (named by SHA-256, so a pack is resumed only into the bytes it should have) for the next run; verified
/// files are deleted. An exclusive lock keeps two runs from appending to the same partial file.
public final class DownloadDirectory: Sendable {
    public let path: String
    private let lockDescriptor: Int32

    public init(path: String) throws(DownloadFailure) {
        self.path = path
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw .io("cannot create \(path): \(error.localizedDescription)")
        }
        lockDescriptor = open(path + "/.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard lockDescriptor >= 0 else { throw .io("cannot open \(path)/.lock: \(String(cString: strerror(errno)))") }
        guard flock(lockDescriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(lockDescriptor)
            throw .io("\(path) is in use by another packserve verify")
        }
    }

    deinit {
        close(lockDescriptor)
    }

    /// The default: one directory per user under the temporary directory, so a rerun finds the partial files.
    public static var defaultPath: String {
        FileManager.default.temporaryDirectory.appendingPathComponent("packserve-verify-\(getuid())").path
    }

    func partialFile(sha256: String) throws(DownloadFailure) -> PartialFile {
        try PartialFile(path: "\(path)/\(sha256).partial")
    }

    /// Removes the lock and the directory itself if nothing else is left in it; false if something is.
    @discardableResult
    public func removeIfEmpty() -> Bool {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        guard entries.allSatisfy({ $0 == ".lock" }) else { return false }
        unlink(path + "/.lock")
        rmdir(path)
        return true
    }
}
