import DurableFiles
import SystemPackage

/// Crash-safe small-file writes (keys): see `AtomicFiles`.
enum SecureFile {
    static func write(_ bytes: [UInt8], to path: String, mode: FilePermissions) throws(ManifestError) {
        do {
            try AtomicFiles.write([.init(path: path, bytes: bytes, mode: mode)])
        } catch {
            throw .write(path: error.path, errno: error.errno.rawValue)
        }
    }
}
