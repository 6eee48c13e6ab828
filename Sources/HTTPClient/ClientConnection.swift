import HTTP1
import Sockets

/// A connection with the bytes read past the last message: reads response heads and bodies off the
/// stream and writes request bodies to it. Used by one request at a time. Every failure of the stream
/// becomes an `HTTPClientError` naming the origin here.
final class ClientConnection: @unchecked Sendable {
    let stream: ClientStream
    /// Where the stream goes: the key it is kept under while idle, and the origin errors name.
    let endpoint: ClientEndpoint
    /// Read from the stream, not yet consumed by a head or body.
    private var pending: [UInt8] = []
    private var readBuffer = [UInt8](repeating: 0, count: 64 * 1024)
    /// Whether any response byte has arrived on this connection for the current request; a reused
    /// connection the server closed while idle fails before that, and the request can be sent again.
    private(set) var receivedAnything = false

    init(stream: ClientStream, endpoint: ClientEndpoint) {
        self.stream = stream
        self.endpoint = endpoint
    }

    var origin: String { endpoint.origin }

    /// `call`, its stream's failure named as a failure of a request to this origin.
    private func onStream<Result>(_ call: () throws(ClientSocketError) -> Result) throws(HTTPClientError) -> Result {
        do { return try call() } catch { throw HTTPClientError(error, origin: origin) }
    }

    func beginRequest() { receivedAnything = false }

    /// Reads more bytes into `pending`; false at the end of the stream.
    private func fill() throws -> Bool {
        let count = try readBuffer.withUnsafeMutableBytes { buffer in try onStream { () throws(ClientSocketError) in try stream.read(into: buffer) } }
        guard count > 0 else { return false }
        receivedAnything = true
        pending.append(contentsOf: readBuffer[0..<count])
        return true
    }

    func readHead() throws -> ClientResponseHead {
        while true {
            do {
                if let (head, length) = try pending.withUnsafeBytes({ buffer in try ResponseHeadParser.parse(buffer) }) {
                    pending.removeFirst(length)
                    return head
                }
            } catch let error as ResponseHeadError {
                throw HTTPClientError(.malformedResponse, origin: origin, error.description)
            }
            guard try fill() else {
                throw HTTPClientError(.closed, origin: origin, pending.isEmpty ? "" : "in the middle of the response head")
            }
        }
    }

    /// Hands the body to `sink` piece by piece as it arrives; returns once it is complete.
    func readBody(_ framing: ResponseBodyFraming, into sink: ([UInt8]) throws -> Void) throws {
        switch framing {
        case .none:
            return
        case .length(let length):
            var left = length
            while left > 0 {
                if pending.isEmpty, try !fill() {
                    throw HTTPClientError(.closed, origin: origin, "\(left) of \(length) body bytes missing")
                }
                let count = Int(min(Int64(pending.count), left))
                try sink(Array(pending[0..<count]))
                pending.removeFirst(count)
                left -= Int64(count)
            }
        case .chunked:
            var decoder = ChunkedDecoder(maxBodyBytes: .max)
            while true {
                if pending.isEmpty, try !fill() { throw HTTPClientError(.closed, origin: origin, "in a chunked body") }
                var decoded: [UInt8] = []
                let (consumed, complete) = try pending.withUnsafeBytes { buffer in
                    do { return try decoder.decode(buffer, into: &decoded) } catch let error as HTTPProblem {
                        throw HTTPClientError(.malformedResponse, origin: origin, "chunked body: \(error.detail ?? error.description)")
                    }
                }
                pending.removeFirst(consumed)
                if !decoded.isEmpty { try sink(decoded) }
                if complete { return }
            }
        case .untilClose:
            while true {
                if !pending.isEmpty {
                    try sink(pending)
                    pending.removeAll(keepingCapacity: true)
                }
                guard try fill() else { return }
            }
        }
    }

    func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { buffer in try onStream { () throws(ClientSocketError) in try stream.write(buffer) } }
    }

    /// Sends `length` bytes of the file at `path` from byte `offset`, reporting the running total to `sent`.
    func writeFile(path: String, offset: Int64 = 0, length: Int64, sent: (Int64) -> Void) throws {
        try onStream { () throws(ClientSocketError) in try stream.writeFile(path: path, offset: offset, length: length, sent: sent) }
    }

    /// Whether the server has sent something (an interim or final answer) within `seconds`.
    func hasAnswer(within seconds: Double) -> Bool {
        !pending.isEmpty || stream.isReadable(within: seconds)
    }
}
