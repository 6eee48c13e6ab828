/// Collects one request body as it arrives, framed by Content-Length or chunked (RFC 9112 §6).
struct RequestBodyReader {
    private enum Mode {
        case length(remaining: Int)
        case chunked(ChunkedDecoder)
    }

    private var mode: Mode
    private(set) var body: [UInt8] = []

    init(contentLength: Int) {
        mode = .length(remaining: contentLength)
        body.reserveCapacity(min(contentLength, 1 << 16))
    }

    init(chunkedWithLimit maxBodyBytes: Int) {
        mode = .chunked(ChunkedDecoder(maxBodyBytes: maxBodyBytes))
    }

    /// Consumes what belongs to this body from `input`; returns how many bytes were used and whether the
    /// body is complete.
    mutating func consume(_ input: UnsafeRawBufferPointer) throws(RequestError) -> (consumed: Int, isComplete: Bool) {
        switch mode {
        case .length(let remaining):
            let n = min(remaining, input.count)
            body.append(contentsOf: UnsafeRawBufferPointer(rebasing: input[0..<n]))
            mode = .length(remaining: remaining - n)
            return (n, remaining - n == 0)
        case .chunked(var decoder):
            let result = try decoder.decode(input, into: &body)
            mode = .chunked(decoder)
            return result
        }
    }
}
