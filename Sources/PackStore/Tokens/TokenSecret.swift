import Crypto
import Foundation

/// The secret of a new API token: `pst_` and 32 random bytes (256 bits, from the system's CSPRNG through
/// swift-crypto) in unpadded base64url, so it survives shells, headers and files unquoted.
public enum TokenSecret {
    static let prefix = "pst_"

    static func generate() -> String {
        let key = SymmetricKey(size: .bits256)
        let base64 = key.withUnsafeBytes { Data($0).base64EncodedString() }
        return prefix + base64.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    public static func digest(of token: String) -> SHA256Digest {
        SHA256.hash(data: Data(token.utf8))
    }
}
