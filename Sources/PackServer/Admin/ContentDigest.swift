import Foundation
import HTTP1
import HTTPServer
import RawStructuredFieldValues

/// RFC 9530 §2 `Content-Digest`: a structured-field Dictionary (RFC 8941 §3.2) of algorithm → byte
/// sequence, parsed with swift-http-structured-headers. Only `sha-256` is checked here.
enum ContentDigest {
    /// The announced SHA-256 (32 bytes), or nil when the request has no `Content-Digest`. A field that does
    /// not parse, has no `sha-256` member, or whose `sha-256` is not 32 bytes is refused (400): a client that
    /// sends a digest wants it checked, and silently not checking would betray that.
    static func sha256(in headers: HTTPHeaders) throws(AdminRefusal) -> [UInt8]? {
        // Several fields combine into one list (RFC 9110 §5.3).
        guard let value = headers.combinedValue("content-digest") else { return nil }
        var parser = StructuredFieldValueParser(Array(value.utf8))
        let dictionary: OrderedMap<String, ItemOrInnerList>
        do {
            dictionary = try parser.parseDictionaryFieldValue()
        } catch {
            throw .badRequest("Content-Digest is not a structured-field dictionary such as sha-256=:<base64>: (RFC 9530)")
        }
        guard let member = dictionary["sha-256"] else {
            throw .badRequest("Content-Digest has no sha-256 member; sha-256 is the algorithm this server checks")
        }
        guard case .item(let item) = member, case .undecodedByteSequence(let base64) = item.rfc9651BareItem,
            let bytes = Data(base64Encoded: base64), bytes.count == 32
        else {
            throw .badRequest("Content-Digest's sha-256 must be a byte sequence of 32 bytes: sha-256=:<base64>:")
        }
        return Array(bytes)
    }
}
