/// An incremental decoder for the chunked transfer coding (RFC 9112 §7.1).
///
/// Feed it bytes as they arrive; it appends chunk data to the body and remembers where it stopped, so any
/// split of the input gives the same body and the same errors. Chunk extensions are validated and ignored
/// (§7.1.1); the trailer section is validated and discarded (§7.1.2: a server may drop trailer fields).
/// Line endings must be CRLF, as in the head (`RequestHeadParser`).
///
/// Refusals: a malformed or overflowing chunk size, malformed extensions or trailers, a chunk-size line
/// longer than `maxChunkLineBytes`, or data not followed by CRLF → 400; a body larger than `maxBodyBytes`
/// → 413 (before reading the chunk that would exceed it); trailers over `maxTrailerBytes` → 431.
public struct ChunkedDecoder: Sendable {
    public static let defaultMaxTrailerBytes = 8192
    /// Chunk size plus extensions; extensions carry nothing this server uses, so this only caps waste.
    public static let maxChunkLineBytes = 4096

    public let maxBodyBytes: Int
    public let maxTrailerBytes: Int
    /// Body bytes produced so far.
    public private(set) var decodedCount = 0

    var state = State.sizeStart
    /// The chunk size while its digits are read; the bytes of data left while in `.data`.
    var chunkSize = 0
    var chunkLineBytes = 0
    var trailerBytes = 0
    /// Set once decoding failed; every later call throws it again.
    var failure: HTTPProblem?

    public init(maxBodyBytes: Int, maxTrailerBytes: Int = defaultMaxTrailerBytes) {
        self.maxBodyBytes = maxBodyBytes
        self.maxTrailerBytes = maxTrailerBytes
    }

    /// Whether the last chunk and the trailer section have been read.
    public var isComplete: Bool { state == .done }

    /// Decodes from the start of `input`, appending data to `body`.
    /// - Returns: how many bytes of `input` were used — all of them unless the body ended, in which case
    ///   the bytes after the final CRLF (a pipelined request) are left — and whether the body is complete.
    public mutating func decode(
        _ input: UnsafeRawBufferPointer, into body: inout [UInt8]
    ) throws(HTTPProblem) -> (consumed: Int, isComplete: Bool) {
        if let failure { throw failure }
        var index = 0
        while index < input.count && state != .done {
            if state == .data {
                let count = min(chunkSize, input.count - index)
                body.append(contentsOf: input.typedBytes(index..<index + count))
                chunkSize -= count
                decodedCount += count
                index += count
                if chunkSize == 0 { state = .dataCR }
                continue
            }
            do {
                try step(input[index])
            } catch {
                failure = error
                throw error
            }
            index += 1
        }
        return (index, state == .done)
    }

    /// Convenience for tests and tools.
    public mutating func decode(_ input: [UInt8], into body: inout [UInt8]) throws(HTTPProblem) -> (consumed: Int, isComplete: Bool) {
        let result = input.withUnsafeBytes { buffer in Result { () throws(HTTPProblem) in try decode(buffer, into: &body) } }
        return try result.get()
    }
}
