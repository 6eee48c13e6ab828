import Crypto
import Hex

/// The ETag S3 gives an object uploaded from a file the way `S3Client.putFile` uploads it, computed
/// locally so "already there with the same bytes" can be decided without downloading: the MD5 of the bytes
/// for a single PUT, and for a multipart upload the MD5 of the parts' MD5s followed by `-` and the number
/// of parts (what S3 and RGW answer; an object stored with server-side encryption by KMS differs).
public enum S3ETag {
    public static func expected(path: String, size: Int64, multipartThreshold: Int64, partSize: Int64)
        throws(ObjectStorageError) -> String
    {
        if size <= multipartThreshold {
            return "\"" + Hex.string(try FileDigests.md5(path: path, offset: 0, length: size)) + "\""
        }
        var concatenated: [UInt8] = []
        var parts = 0
        for span in MultipartPlan.parts(size: size, partSize: partSize) {
            concatenated += try FileDigests.md5(path: path, offset: span.offset, length: span.length)
            parts += 1
        }
        var hash = Insecure.MD5()
        hash.update(data: concatenated)
        return "\"" + Hex.string(hash.finalize()) + "-\(parts)\""
    }

    /// Quotes are part of an entity tag (RFC 9110 §8.8.3), but listings and heads are not consistent about
    /// them across services: compare without.
    public static func same(_ a: String, _ b: String) -> Bool {
        a.trimmingQuotes() == b.trimmingQuotes()
    }
}

extension String {
    fileprivate func trimmingQuotes() -> Substring {
        var text = self[...]
        if text.hasPrefix("W/") { text = text.dropFirst(2) }
        if text.hasPrefix("\"") { text = text.dropFirst() }
        if text.hasSuffix("\"") { text = text.dropLast() }
        return text
    }
}
