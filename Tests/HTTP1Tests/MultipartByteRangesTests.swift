import HTTP1
import Testing

/// RFC 9110 §14.6 multipart/byteranges framing: part headers, delimiters, boundaries.
struct MultipartByteRangesTests {
    /// What comes before each part's bytes, and what ends the body (the bytes themselves: HTTPServerTests'
    /// `MultipartByteRangesBodyTests`).
    @Test func partHeadersAndTheCloseDelimiter() {
        let header = MultipartByteRanges.partHeader(
            range: ByteRange(first: 10, last: 12), contentType: "text/plain", completeLength: 100, boundary: "B0UND")
        #expect(header == "\r\n--B0UND\r\nContent-Type: text/plain\r\nContent-Range: bytes 10-12/100\r\n\r\n")
        #expect(MultipartByteRanges.closingDelimiter(boundary: "B0UND") == "\r\n--B0UND--\r\n")
    }

    @Test func boundariesAreRandomHexOfFixedLength() {
        let boundaries = (0..<100).map { _ in MultipartByteRanges.makeBoundary() }
        #expect(Set(boundaries).count == boundaries.count)
        for boundary in boundaries {
            #expect(boundary.utf8.count == 32)
            #expect(boundary.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) })
        }
    }

    @Test func contentTypeNamesTheBoundary() {
        #expect(MultipartByteRanges.contentType(boundary: "xyz") == "multipart/byteranges; boundary=xyz")
    }
}
