import HTTP1
import Testing
@testable import HTTPServer

/// RFC 9110 §14.6 multipart/byteranges framing over file regions and bytes in memory.
struct MultipartByteRangesBodyTests {
    @Test(arguments: [
        [ByteRange(first: 0, last: 1), ByteRange(first: 10, last: 12)],
        [ByteRange(first: 0, last: 0), ByteRange(first: 2, last: 2), ByteRange(first: 99, last: 99)],
        [ByteRange(first: 5, last: 94)],
    ])
    func framesEachPartAndCountsExactly(ranges: [ByteRange]) throws {
        let content = (0..<100).map { UInt8($0) }
        let file = try FixtureFile(bytes: content)
        var expectedBytes: [UInt8] = []
        for range in ranges {
            let header = "\r\n--B0UND\r\nContent-Type: text/plain\r\nContent-Range: bytes \(range.first)-\(range.last)/100\r\n\r\n"
            expectedBytes += Array(header.utf8) + content[Int(range.first)...Int(range.last)]
        }
        expectedBytes += Array("\r\n--B0UND--\r\n".utf8)
        // The same framing whether the parts come from a file or from a document in memory.
        for source in [RepresentationContent.file(try file.open()), .bytes(content)] {
            let body = MultipartByteRanges.body(
                ranges: ranges, content: source, contentType: "text/plain", completeLength: 100, boundary: "B0UND")
            #expect(try FixtureFile.wireBytes(body) == expectedBytes)
            #expect(body.count == Int64(expectedBytes.count))
        }
        let body = MultipartByteRanges.body(
            ranges: ranges, content: .file(try file.open()), contentType: "text/plain", completeLength: 100,
            boundary: "B0UND")
        // Part headers in memory, the bytes themselves as file regions for sendfile.
        #expect(body.segments.count == ranges.count * 2 + 1)
        for (index, range) in ranges.enumerated() {
            guard case .file(_, let offset, let count) = body.segments[index * 2 + 1] else {
                Issue.record("segment \(index * 2 + 1) is not a file region")
                continue
            }
            #expect(offset == range.first && count == range.count)
        }
    }
}
