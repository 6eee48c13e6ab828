import Crypto
import Foundation
import HTTP1
import HTTPServer
import Manifest
import PackKitWire

/// Signed, expiring URLs for private packs (docs/api.md "Private packs"): `?expires=<unix seconds>&sig=<mac>`
/// where `mac` is HMAC-SHA256 (RFC 2104) under the server's URL-signing secret over `<path>\n<expires>`, in
/// unpadded base64url (RFC 4648 §5). The path is the route's own (`/packs/{id}`, `/blobs/sha256/{hex}`),
/// so a signature is good for exactly one resource, until `expires`. Pure: the clock is an argument.
public struct URLSignature: Sendable {
    /// Why a request's signature does not admit it.
    public enum Verdict: Equatable, Sendable {
        case valid
        /// No `sig` in the query: the request may still carry a token.
        case absent
        case expired
        /// A malformed query, or a MAC that is not this server's for this path and expiry.
        case forged
    }

    /// The longest lifetime `sign-url` and `POST /admin/urls` grant: a week.
    public static let maxTTLSeconds = 7 * 24 * 3600

    private let key: SymmetricKey

    public init(secret: SymmetricKey) {
        key = secret
    }

    /// `expires=…&sig=…` for `path`, valid until `expires` (unix seconds) included.
    public func query(path: String, expires: Int64) -> String {
        let mac = HMAC<SHA256>.authenticationCode(for: Self.message(path: path, expires: expires), using: key)
        return "expires=\(expires)&sig=\(Base64URL.encode(mac))"
    }

    /// Whether `query` holds a valid signature of `path` at `now`. The MAC is compared in constant time
    /// (swift-crypto's `isValidAuthenticationCode`), and checked before the expiry so that a forged URL
    /// never learns whether its time would have been accepted.
    public func verdict(path: String, query: String?, now: Int64) -> Verdict {
        guard let pairs = QueryParameters(query).pairs else { return .forged }
        let signatures = pairs.filter { $0.name == "sig" }
        guard !signatures.isEmpty else { return .absent }
        let expiries = pairs.filter { $0.name == "expires" }
        guard signatures.count == 1, expiries.count == 1,
            let expires = Int64(expiries[0].value), String(expires) == expiries[0].value,
            let mac = Base64URL.decode(signatures[0].value), mac.count == SHA256.byteCount,
            // The last of 43 characters carries two spare bits: only the canonical spelling is this MAC, so
            // that no other byte string passes for the URL that was issued.
            Base64URL.encode(mac) == signatures[0].value
        else { return .forged }
        guard HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: Self.message(path: path, expires: expires), using: key)
        else { return .forged }
        return now <= expires ? .valid : .expired
    }

    private static func message(path: String, expires: Int64) -> Data {
        Data("\(path)\n\(expires)".utf8)
    }
}
