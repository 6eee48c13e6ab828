import Digests
import DurableFiles

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The failures of the shared file helpers, as the store reports every file failure: `cannot <operation>
/// <path>: <reason>`.
extension PackStoreError {
    init(_ error: FileDigestError) {
        switch error {
        case .open(let path, let code): self = .io(operation: "open", path: path, errno: code)
        case .read(let path, let code): self = .io(operation: "read", path: path, errno: code)
        // Only a span can end early, and the store digests whole files.
        case .endedEarly(let path, _, _): self = .io(operation: "read", path: path, errno: EIO)
        }
    }

    init(_ failure: AtomicFiles.Failure) {
        self = .io(operation: failure.operation, path: failure.path, errno: failure.errno.rawValue)
    }
}
