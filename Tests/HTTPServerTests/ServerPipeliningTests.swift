import Testing

extension ServerTests {
    /// Pipelined requests (RFC 9112 §9.3.2): written at once, answered in order, each framed exactly.
    @Suite struct Pipelining {
        @Test func hundredPipelinedRequestsInOneSendAreAnsweredInOrder() async throws {
            let server = try TestServer()
            let client = try server.client()
            // Mixed GETs and POSTs with bodies; the last one asks to close so the stream has a known end.
            // The padding makes the whole pipeline larger than the server's 64 KiB read buffer.
            var pipeline = ""
            for i in 0..<100 {
                let close = i == 99 ? "Connection: close\r\n" : ""
                let padding = "X-Padding: \(String(repeating: "p", count: 1000))\r\n"
                if i % 2 == 0 {
                    pipeline += "GET /item/\(i)?n=\(i) HTTP/1.1\r\nHost: test\r\n\(padding)\(close)\r\n"
                } else {
                    let body = "body-\(i)"
                    pipeline += "POST /item/\(i) HTTP/1.1\r\nHost: test\r\nContent-Length: \(body.utf8.count)\r\n\(padding)\(close)\r\n\(body)"
                }
            }
            try client.send(pipeline)

            var mismatches: [String] = []
            for i in 0..<100 {
                let response = try client.readResponse()
                let expected = i % 2 == 0 ? "GET /item/\(i)?n=\(i)" : "POST /item/\(i)\nbody-\(i)"
                if response.status != 200 || response.bodyText != expected {
                    mismatches.append("#\(i): \(response.status) \(response.bodyText.debugDescription)")
                }
            }
            #expect(mismatches.isEmpty, "responses out of order or wrong: \(mismatches.prefix(5))")
            // Exact framing: after the hundredth response the server closes, with no stray byte.
            client.expectOrderlyCloseWithNothingMore()
            await server.stop()
        }
    }
}
