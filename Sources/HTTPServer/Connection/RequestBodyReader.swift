import HTTP1

/// Reads one request body as it arrives, framed by Content-Length or chunked (RFC 9112 §6), and passes
/// each decoded piece on to the application's `RequestBody`.
struct RequestBodyReader {
    private enum Mode {
        case length(remaining: Int)
        case chunked(ChunkedDecoder)
    }

    private var mode: Mode
    /// Where the body goes.
    let stream: RequestBody

    /// - Parameter maxBodyBytes: the limit for a chunked body (a Content-Length is checked before).
    init(framing: BodyFraming, maxBodyBytes: Int, stream: RequestBody) {
        switch framing {
        case .contentLength(let length):
            mode = .length(remaining: length)
        case .none, .chunked:
            mode = .chunked(ChunkedDecoder(maxBodyBytes: maxBodyBytes))
        }
        self.stream = stream
    }

    /// Consumes what belongs to this body from `input`; returns how many bytes were used, whether the body
    /// is complete, and whether the application wants more bytes now.
    mutating func consume(
        _ input: UnsafeRawBufferPointer
    ) throws(HTTPProblem) -> (consumed: Int, isComplete: Bool, wantsMore: Bool) {
        var piece: [UInt8] = []
        let result: (consumed: Int, isComplete: Bool)
        switch mode {
        case .length(let remaining):
            let n = min(remaining, input.count)
            piece = Array(UnsafeRawBufferPointer(rebasing: input[0..<n]))
            mode = .length(remaining: remaining - n)
            result = (n, remaining - n == 0)
        case .chunked(var decoder):
            result = try decoder.decode(input, into: &piece)
            mode = .chunked(decoder)
        }
        let wantsMore = stream.append(piece)
        return (result.consumed, result.isComplete, wantsMore)
    }
}
