import HTTP1
import HTTPServer

/// The token of an `Authorization: Bearer <token>` field (RFC 6750 §2.1): the scheme is case-insensitive,
/// the token a b64token (`[A-Za-z0-9._~+/-]+=*`). nil for no field, another scheme or a malformed token.
enum BearerCredentials {
    static func token(in headers: HTTPHeaders) -> String? {
        guard let value = headers["authorization"] else { return nil }
        let parts = value.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].drop { $0 == " " }
        let body = token.drop { $0 != "=" }
        guard !token.isEmpty, body.allSatisfy({ $0 == "=" }),
            token.utf8.prefix(token.utf8.count - body.utf8.count).allSatisfy(isTokenByte), token.first != "="
        else { return nil }
        return String(token)
    }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "+"), UInt8(ascii: "/"):
            true
        default:
            false
        }
    }
}
