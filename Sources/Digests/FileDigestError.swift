#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a file could not be digested (`FileDigest`): the path, and the system's reason or where the file
/// ended too soon. Each module turns it into its own error.
public enum FileDigestError: Error, Sendable, Equatable, CustomStringConvertible {
    case open(path: String, errno: Int32)
    case read(path: String, errno: Int32)
    /// The file has fewer bytes than the span asked for: it ended at byte `at`, not `expectedEnd`.
    case endedEarly(path: String, at: Int64, expectedEnd: Int64)

    public var path: String {
        switch self {
        case .open(let path, _), .read(let path, _), .endedEarly(let path, _, _): path
        }
    }

    public var description: String {
        switch self {
        case .open(let path, let code): "cannot open \(path): \(String(cString: strerror(code)))"
        case .read(let path, let code): "cannot read \(path): \(String(cString: strerror(code)))"
        case .endedEarly(let path, let at, let end): "\(path) ended at byte \(at) of \(end)"
        }
    }
}
