import CGzip

/// The gzip content coding (RFC 9110 §8.4.1.3, RFC 1952) through zlib.
public enum Gzip {
    /// `bytes` as one gzip member, or nil if zlib fails (it does not for a correctly sized buffer; the caller
    /// then simply has no compressed variant). Level 6 is zlib's default: JSON shrinks 5–10× and a 25 MB
    /// document takes well under a second, once per release.
    public static func compress(_ bytes: [UInt8], level: Int32 = 6) -> [UInt8]? {
        let capacity = czlib_gzip_bound(bytes.count)
        var written = 0
        let output = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            written = bytes.withUnsafeBytes { input in
                czlib_gzip(input.baseAddress, input.count, buffer.baseAddress, capacity, level)
            }
            count = written
        }
        return written > 0 ? output : nil
    }
}
