import Foundation
import Manifest

/// The lines `keygen` and `key` print about a public key: its id (the JWS `kid`) and the raw 32 bytes in
/// base64, the form an app pins (docs/keys.md).
enum PublicKeySummary {
    static func lines(_ key: VerificationKey) -> [String] {
        [
            "key id:      \(key.keyID)",
            "raw public key (base64, for pinning in the app): \(Data(key.rawBytes).base64EncodedString())",
        ]
    }
}
