import Glibc
import Manifest

/// A secret file (the manifest signing key, the URL-signing secret) must be its owner's alone. As ssh refuses
/// a private key whose mode gives group or others any access, PackServe refuses to use one rather than sign
/// with a key anyone on the machine may have copied (docs/configuration-files.md).
public enum PrivateKeyFileMode {
    /// Throws, naming the file and the fix, when `path` is accessible to its group or others. A file that
    /// cannot be examined is left to the reader that follows, which says why.
    public static func refuseShared(_ path: String) throws(ManifestError) {
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        let mode = info.st_mode & 0o777
        guard mode & 0o077 == 0 else {
            throw .keyFile(path: path, problem: "is accessible to group or others (mode 0\(String(mode, radix: 8))): run chmod 600 \(path)")
        }
    }
}
