/// Manifest and key file problems, each a one-line message (verification's are PackKit's
/// `ManifestVerificationError`).
public enum ManifestError: Error, Equatable, Sendable, CustomStringConvertible {
    case keyFile(path: String, problem: String)
    case write(path: String, errno: Int32)
    case malformed(String)

    public var description: String {
        switch self {
        case .keyFile(let path, let problem): "key file \(path) \(problem)"
        case .write(let path, let code): "cannot write \(path): errno \(code)"
        case .malformed(let what): "malformed manifest: \(what)"
        }
    }
}
