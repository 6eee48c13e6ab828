import PackKitWire

/// Everything PackKit refuses or fails at, one line each. Verification and rollback refusals happen before
/// any pack is downloaded.
public enum PackKitError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The manifest is not trusted.
    case verification(ManifestVerificationError)
    /// The manifest is older than one accepted before, or the same version with other bytes.
    case rollback(RollbackRefusal)
    /// A tag the manifest does not have.
    case unknownTag(String)
    /// A pack the manifest does not have, or has without a URL.
    case unknownPack(String)
    /// The server's answer makes the transfer impossible (404, 403, a size other than the manifest's).
    case server(String)
    /// The network failed and retries ran out.
    case transport(String)
    /// The bytes downloaded are not the ones the manifest names; the partial file was removed.
    case digestMismatch(pack: String, expected: String, actual: String)
    /// The server wants credentials PackKit was not given (or refused the ones given).
    case unauthorized(String)
    /// No manifest has been accepted yet, and none could be fetched.
    case noManifest
    /// A file could not be read or written.
    case io(String)

    public var description: String {
        switch self {
        case .verification(let error): "manifest refused: \(error)"
        case .rollback(let refusal): "manifest refused: \(refusal)"
        case .unknownTag(let tag): "unknown tag \(tag)"
        case .unknownPack(let id): "unknown pack \(id)"
        case .server(let why): "server: \(why)"
        case .transport(let why): "network: \(why)"
        case .digestMismatch(let pack, let expected, let actual):
            "pack \(pack): SHA-256 \(actual) is not the manifest's \(expected); the download was discarded"
        case .unauthorized(let why): "credentials: \(why)"
        case .noManifest: "no manifest: none accepted yet and none could be fetched"
        case .io(let why): why
        }
    }
}
