import CGzip

/// The gzip content coding (RFC 9110 §8.4.1.3, RFC 1952) through zlib.
public enum Gzip {
    /// `bytes` as one gzip member, or nil if zlib fails (it does not for a correctly sized buffer; the caller
    /// then simply has no compressed variant). Level 6 is zlib's default: JSON shrinks 5–10× and a 25 MB
    /// document takes well under a second, once per release.
    public static func compress(_ bytes: [UInt8], level: Int32 = 6) -> [UInt8]? {
        let capacity = cgzip_bound(bytes.count)
        // Compressed into scratch space of the worst-case size, then copied out at its real size: the
        // result is kept for a whole release, and an array keeps the capacity it was made with.
        let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 16)
        defer { scratch.deallocate() }
        let written = bytes.withUnsafeBytes { input in
            cgzip_compress(input.baseAddress, input.count, scratch.baseAddress, capacity, level)
        }
        return written > 0 ? Array(UnsafeRawBufferPointer(rebasing: scratch[..<written])) : nil
    }
}
