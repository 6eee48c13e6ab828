/// Why text or bytes are not a key PackKit can pin.
public enum PinnedKeyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No `-----BEGIN PUBLIC KEY-----` block with base64 inside.
    case notPEM
    /// A key, but not an Ed25519 public key.
    case notEd25519(String)

    public var description: String {
        switch self {
        case .notPEM: "not an SPKI PEM public key (-----BEGIN PUBLIC KEY-----)"
        case .notEd25519(let why): "not an Ed25519 public key: \(why)"
        }
    }
}
