@testable import HTTPServer
import Testing

/// Request bodies that arrive in pieces, each piece one read of its own (the in-memory transport makes it
/// so, where a real socket may join them): the body reaches the responder byte for byte, and the
/// connection serves the request after it. The same pieces go over a real socket in
/// `ServerTests.RequestBodies`.
@Suite struct ConnectionRequestBodyTests {
    /// Hands the connection `reads`, one read each, runs the host's tasks (the echo reads each body whole
    /// and answers from a worker) until `responses` answers are logged, and returns what it wrote.
    private static func written(for reads: [[UInt8]], responses: Int) -> (bytes: [UInt8], host: ManualHost) {
        let host = ManualHost()
        let transport = MemoryTransport()
        transport.reads = reads
        Connection(socket: -1, transport: transport, host: host).handle(events: ManualHost.readable)
        ConnectionStreamingTests.runTasks(on: host) { host.logged.count >= responses }
        #expect(transport.reads.isEmpty, "\(transport.reads.count) reads left unread")
        return (transport.written, host)
    }

    @Test func aContentLengthBodyInSeparateReadsReachesTheResponderIntact() {
        let body = RandomBytes.make(count: 40_000)
        let (written, host) = Self.written(for: ServerTests.RequestBodies.contentLengthPieces(of: body), responses: 1)
        let echo = Array("\r\n\r\nPOST /upload\n".utf8) + body
        #expect(written.starts(with: Array("HTTP/1.1 200 ".utf8)))
        #expect(written.count > echo.count && Array(written.suffix(echo.count)) == echo)
        #expect(host.logged.map(\.status) == [200])
    }

    @Test func aChunkedBodyCutAtEveryAwkwardPlaceReachesTheResponderIntact() {
        let pieces = ServerTests.RequestBodies.chunkedPieces + [ConnectionStateTests.request("/after")]
        let answers = ConnectionStateTests.responses(in: String(decoding: Self.written(for: pieces, responses: 2).bytes, as: UTF8.self))
        #expect(answers.count == 2)
        #expect(answers.first?.hasSuffix("\r\n\r\nPOST /chunked\nhello0123456789abcdef") == true)
        // The body ended exactly where the chunked framing said: the next read is a request of its own.
        #expect(answers.last?.hasSuffix("\r\n\r\nGET /after") == true)
    }
}
