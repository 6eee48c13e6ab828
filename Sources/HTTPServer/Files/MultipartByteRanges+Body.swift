import HTTP1

extension MultipartByteRanges {
    /// The body for `ranges` of `content`, whose complete length is `completeLength`: HTTP1's part headers
    /// and close delimiter in memory, each part's bytes a region of `content` (of an open file, sent with
    /// sendfile(2)). `boundary` is a parameter so the result is a pure function of its inputs (the responder
    /// picks a random one).
    public static func body(
        ranges: [ByteRange], content: RepresentationContent, contentType: String, completeLength: Int64,
        boundary: String
    ) -> HTTPBody {
        var segments: [HTTPBody.Segment] = []
        segments.reserveCapacity(ranges.count * 2 + 1)
        for range in ranges {
            segments.append(.bytes(Array(partHeader(range: range, contentType: contentType,
                                                    completeLength: completeLength, boundary: boundary).utf8)))
            segments.append(content.segment(offset: range.first, count: range.count))
        }
        segments.append(.bytes(Array(closingDelimiter(boundary: boundary).utf8)))
        return HTTPBody(segments: segments)
    }
}
