import Crypto
import Glibc
import Hex

/// AWS Signature Version 4 for the Authorization header (AWS's "Signature Version 4 signing process":
/// create a canonical request, create a string to sign, derive the signing key, calculate the signature).
/// Each step is its own function so the tests check it against AWS's published examples step by step.
public struct SigV4Signer: Sendable {
    public static let algorithm = "AWS4-HMAC-SHA256"
    /// SHA-256 of the empty payload: what GET, HEAD and DELETE sign.
    public static let emptyPayloadHash = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"

    public var credentials: S3Credentials
    public var region: String
    public var service: String

    public init(credentials: S3Credentials, region: String, service: String = "s3") {
        self.credentials = credentials
        self.region = region
        self.service = service
    }

    /// "Create a canonical request": method, canonical URI, canonical query string, canonical headers
    /// (lowercase names, sorted, values trimmed with inner runs of spaces folded), signed header names,
    /// payload hash, one per line.
    public func canonicalRequest(_ request: SignableRequest) -> String {
        let headers = Self.canonicalHeaders(request.headers)
        return [
            request.method,
            request.encodedPath.isEmpty ? "/" : request.encodedPath,
            S3URIEncoding.canonicalQuery(request.query),
            headers.map { "\($0.name):\($0.value)\n" }.joined(),
            headers.map(\.name).joined(separator: ";"),
            request.payloadHash,
        ].joined(separator: "\n")
    }

    /// "Create a string to sign": algorithm, timestamp, credential scope, hash of the canonical request.
    public func stringToSign(canonicalRequest: String, timestamp: String) -> String {
        let digest = SHA256.hash(data: Array(canonicalRequest.utf8))
        return [Self.algorithm, timestamp, scope(date: String(timestamp.prefix(8))), Hex.string(digest)]
            .joined(separator: "\n")
    }

    /// "Calculate the signature": HMAC of the string to sign with the key derived from the secret through
    /// the date, region, service and "aws4_request".
    public func signature(stringToSign: String, date: String) -> String {
        var key = SymmetricKey(data: Array(("AWS4" + credentials.secretAccessKey).utf8))
        for part in [date, region, service, "aws4_request"] {
            key = SymmetricKey(data: Array(HMAC<SHA256>.authenticationCode(for: Array(part.utf8), using: key)))
        }
        return Hex.string(HMAC<SHA256>.authenticationCode(for: Array(stringToSign.utf8), using: key))
    }

    /// The Authorization field's value for `request` signed at `timestamp` (`YYYYMMDD'T'HHMMSS'Z'`, the
    /// value of its X-Amz-Date).
    public func authorization(_ request: SignableRequest, timestamp: String) -> String {
        let canonical = canonicalRequest(request)
        let signature = signature(stringToSign: stringToSign(canonicalRequest: canonical, timestamp: timestamp),
            date: String(timestamp.prefix(8)))
        let signed = Self.canonicalHeaders(request.headers).map(\.name).joined(separator: ";")
        return "\(Self.algorithm) Credential=\(credentials.accessKeyID)/\(scope(date: String(timestamp.prefix(8)))),"
            + "SignedHeaders=\(signed),Signature=\(signature)"
    }

    public func scope(date: String) -> String {
        "\(date)/\(region)/\(service)/aws4_request"
    }

    /// The X-Amz-Date value (ISO 8601 basic format, UTC) of a moment in seconds since 1970.
    public static func timestamp(secondsSince1970 seconds: Int) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec))Z"
    }

    private static func canonicalHeaders(_ headers: [(name: String, value: String)]) -> [(name: String, value: String)] {
        var merged: [String: [String]] = [:]
        for (name, value) in headers {
            let folded = value.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
            merged[name.lowercased(), default: []].append(folded)
        }
        // A field sent twice is signed once with its values joined by commas, in the order sent.
        return merged.map { ($0.key, $0.value.joined(separator: ",")) }.sorted { $0.0 < $1.0 }
    }
}
