import Foundation
import HTTP1
import HTTPServer

/// The password of an `Authorization: Basic` field (RFC 7617 §2: base64 of `user-id ":" password`; the
/// scheme is case-insensitive). This is how a Background Assets extension answers the system's
/// authentication challenge for a catalog that requires credentials (a `URLCredential` with a user name
/// and password), so PackServe takes a `download` token as the password, whatever the user name.
/// nil for no field, another scheme, or a value that is not base64 of a pair.
enum BasicCredentials {
    static func password(in headers: HTTPHeaders) -> String? {
        guard let value = headers["authorization"] else { return nil }
        let parts = value.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "basic" else { return nil }
        let encoded = parts[1].drop { $0 == " " }
        guard let decoded = Data(base64Encoded: String(encoded)), let pair = String(bytes: decoded, encoding: .utf8),
              let colon = pair.firstIndex(of: ":")
        else { return nil }
        return String(pair[pair.index(after: colon)...])
    }
}
