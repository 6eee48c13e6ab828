/// Reads one request body as it arrives, framed by Content-Length or chunked (RFC 9112 §6), and either
/// collects it whole or passes each decoded piece on to a `RequestBodyStream`.
struct RequestBodyReader {
    private enum Mode {
        case length(remaining: Int)
        case chunked(ChunkedDecoder)
    }

    private var mode: Mode
    /// Where the body goes when streamed; nil collects it into `body`.
    let stream: RequestBodyStream?
    private(set) var body: [UInt8] = []

    /// - Parameter maxBodyBytes: the limit for a chunked body (a Content-Length is checked before).
    init(framing: BodyFraming, maxBodyBytes: Int, stream: RequestBodyStream? = nil) {
        switch framing {
        case .contentLength(let length):
            mode = .length(remaining: length)
            if stream == nil { body.reserveCapacity(min(length, 1 << 16)) }
        case .none, .chunked:
            mode = .chunked(ChunkedDecoder(maxBodyBytes: maxBodyBytes))
        }
        self.stream = stream
    }

    /// Consumes what belongs to this body from `input`; returns how many bytes were used, whether the body
    /// is complete, and whether the stream (if any) wants more bytes now.
    mutating func consume(
        _ input: UnsafeRawBufferPointer
    ) throws(RequestError) -> (consumed: Int, isComplete: Bool, wantsMore: Bool) {
        var piece: [UInt8] = []
        let result: (consumed: Int, isComplete: Bool)
        switch mode {
        case .length(let remaining):
            let n = min(remaining, input.count)
            let bytes = UnsafeRawBufferPointer(rebasing: input[0..<n])
            if stream == nil { body.append(contentsOf: bytes) } else { piece = Array(bytes) }
            mode = .length(remaining: remaining - n)
            result = (n, remaining - n == 0)
        case .chunked(var decoder):
            if stream == nil {
                result = try decoder.decode(input, into: &body)
            } else {
                result = try decoder.decode(input, into: &piece)
            }
            mode = .chunked(decoder)
        }
        let wantsMore = stream?.append(piece) ?? true
        return (result.consumed, result.isComplete, wantsMore)
    }
}
