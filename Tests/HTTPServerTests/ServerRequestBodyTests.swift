import RawHTTPClient
import Testing

extension ServerTests {
    /// Request bodies (RFC 9112 §6): by Content-Length and chunked, arriving in pieces, reach the
    /// responder byte for byte; a body over the limit it reads with is refused with 413 and the connection closed.
    @Suite struct RequestBodies {
        /// Sends the pieces as separate writes. Over a real socket the kernel may still join them into one
        /// read; ConnectionRequestBodyTests hands the connection each piece as a read of its own.
        static func sendInPieces(_ pieces: [[UInt8]], to client: RawClient) throws {
            for piece in pieces { try client.send(piece) }
        }

        /// A 40,000-byte upload cut inside the head's last read and twice inside its body.
        static func contentLengthPieces(of body: [UInt8]) -> [[UInt8]] {
            let head = Array("POST /upload HTTP/1.1\r\nHost: test\r\nContent-Length: \(body.count)\r\n\r\n".utf8)
            return [head + body[0..<7], Array(body[7..<20_000]), Array(body[20_000...])]
        }

        /// Cuts fall inside chunk data, inside a chunk-size line, inside an extension and inside the final
        /// CRLF; a trailer field follows the last chunk. The echo of the body is "hello0123456789abcdef".
        static let chunkedPieces = [
            "POST /chunked HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhel",
            "lo\r\n1",
            "0;name=val",
            "ue\r\n0123456789abcdef\r\n0\r\nX-Trailer: yes\r",
            "\n\r\n",
        ].map { Array($0.utf8) }

        @Test func contentLengthBodyArrivingInPiecesReachesTheResponderIntact() async throws {
            let server = try TestServer()
            let client = try server.client()
            let body = RandomBytes.make(count: 40_000)
            try Self.sendInPieces(Self.contentLengthPieces(of: body), to: client)
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.body == Array("POST /upload\n".utf8) + body)
            await server.stop()
        }

        @Test func chunkedBodySplitAcrossSendsReachesTheResponderIntact() async throws {
            let server = try TestServer()
            let client = try server.client()
            try Self.sendInPieces(Self.chunkedPieces, to: client)
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.bodyText == "POST /chunked\nhello0123456789abcdef")
            // The body ended exactly where the chunked framing said: the connection serves the next request.
            #expect(try client.roundTrip("GET /after HTTP/1.1\r\nHost: test\r\n\r\n").bodyText == "GET /after")
            await server.stop()
        }

        @Test(arguments: [
            "POST /big HTTP/1.1\r\nHost: test\r\nContent-Length: 1025\r\n\r\n",
            "POST /big HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: chunked\r\n\r\n200\r\n\(String(repeating: "a", count: 512))\r\n201\r\n",
        ])
        func bodyOverTheLimitIsRefusedWith413AndClosed(request: String) async throws {
            let server = try TestServer(responder: EchoResponder(maxBodyBytes: 1024))
            let client = try server.client()
            try client.send(request)
            let response = try client.readResponse()
            #expect(response.status == 413)
            #expect(response.closesConnection)
            client.expectOrderlyCloseWithNothingMore()
            await server.stop()
        }
    }
}
