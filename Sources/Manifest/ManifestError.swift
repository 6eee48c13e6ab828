/// Manifest, key and signature problems, each a one-line message.
public enum ManifestError: Error, Equatable, Sendable, CustomStringConvertible {
    case keyFile(path: String, problem: String)
    case write(path: String, errno: Int32)
    case malformed(String)
    case badSignature
    case unknownKeyID(String)
    case expired(exp: Int64, now: Int64)
    /// A manifest of another channel (docs/channels.md): valid, but not for what the client reads.
    case otherChannel(signedFor: String, expected: String)

    public var description: String {
        switch self {
        case .keyFile(let path, let problem): "key file \(path) \(problem)"
        case .write(let path, let code): "cannot write \(path): errno \(code)"
        case .malformed(let what): "malformed manifest: \(what)"
        case .badSignature: "the manifest signature does not verify with the given key"
        case .unknownKeyID(let kid): "the manifest is signed with key id \(kid), not the given key"
        case .expired(let exp, let now): "the manifest expired \(now - exp) seconds ago (exp \(exp))"
        case .otherChannel(let signed, let expected):
            "the manifest is signed for channel \(signed), not \(expected): a manifest of one channel is never valid as another's"
        }
    }
}
