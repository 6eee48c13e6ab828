/// A `multipart/byteranges` body (RFC 9110 §14.6) as interleaved in-memory part headers and content
/// regions (file regions are sent with sendfile(2)), so the exact Content-Length is known up front:
///
///     CRLF --boundary CRLF
///     Content-Type: <type> CRLF
///     Content-Range: bytes <first>-<last>/<length> CRLF
///     CRLF
///     <bytes first…last>                 … repeated for each range, then
///     CRLF --boundary-- CRLF
///
/// The CRLF before the first delimiter is an allowed (empty) preamble (RFC 2046 §5.1.1); it keeps every
/// part's framing identical. The framing text is here; HTTPServer interleaves it with the content
/// (`MultipartByteRanges.body`), whose regions may be an open file's.
public enum MultipartByteRanges {
    /// The delimiter and header fields that precede one part's bytes.
    public static func partHeader(range: ByteRange, contentType: String, completeLength: Int64, boundary: String) -> String {
        "\r\n--\(boundary)\r\nContent-Type: \(contentType)\r\nContent-Range: \(range.contentRange(completeLength: completeLength))\r\n\r\n"
    }

    /// The close delimiter that ends the body.
    public static func closingDelimiter(boundary: String) -> String {
        "\r\n--\(boundary)--\r\n"
    }

    /// The `Content-Type` of the whole response.
    public static func contentType(boundary: String) -> String {
        "multipart/byteranges; boundary=\(boundary)"
    }

    /// A fresh boundary: 32 random hex digits from the system generator (getrandom(2)), so it cannot
    /// occur in the file's bytes by anything but chance (RFC 2046 §5.1.1 allows up to 70 characters).
    public static func makeBoundary() -> String {
        var generator = SystemRandomNumberGenerator()
        return hex(generator.next()) + hex(generator.next())
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
