import Foundation

/// A JWS in compact serialization (RFC 7515 §7.1), split and decoded but not yet trusted:
/// `BASE64URL(header) '.' BASE64URL(payload) '.' BASE64URL(signature)`.
public struct CompactJWS: Sendable, Hashable {
    /// The decoded protected header.
    public let header: JWSHeader
    /// The payload bytes exactly as signed.
    public let payload: [UInt8]
    /// The signature bytes.
    public let signature: [UInt8]
    /// The ASCII of `header '.' payload` as it arrived: what the signature covers (§5.2 step 8).
    public let signingInput: [UInt8]

    /// Which of the three parts a problem is in.
    public enum Part: String, Sendable, Hashable {
        case header, payload, signature
    }

    /// Parses `bytes` (leading and trailing whitespace ignored, as a file or response may end in a newline).
    public init(_ bytes: [UInt8]) throws(ManifestVerificationError) {
        var text = bytes[...]
        while let first = text.first, Self.isWhitespace(first) { text.removeFirst() }
        while let last = text.last, Self.isWhitespace(last) { text.removeLast() }
        let parts = text.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw .notCompactJWS(parts: parts.count) }
        guard let headerBytes = Base64URL.decode(parts[0]) else { throw .badBase64URL(.header) }
        guard let payload = Base64URL.decode(parts[1]) else { throw .badBase64URL(.payload) }
        guard let signature = Base64URL.decode(parts[2]) else { throw .badBase64URL(.signature) }
        // §5.2 step 3: the header must be a JSON object (duplicate names aside, which the signature covers).
        guard let header = try? JSONDecoder().decode(JWSHeader.self, from: Data(headerBytes)) else {
            throw .malformedHeader
        }
        self.header = header
        self.payload = payload
        self.signature = signature
        signingInput = Array(parts[0]) + [UInt8(ascii: ".")] + Array(parts[1])
    }

    /// `init(_:)` over a string's UTF-8.
    public init(_ text: String) throws(ManifestVerificationError) {
        try self.init(Array(text.utf8))
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\t")
    }
}
