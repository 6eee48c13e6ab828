import RawHTTPClient
import Testing

extension ServerTests {
    /// Bodies are read only when the responder wants them, at a minimum rate, and `Expect` is honoured
    /// (RFC 9110 §10.1.1).
    @Suite struct BodyDefence {
        @Test func aRefusedBodyIsAnsweredBeforeItIsSentAndTheConnectionEndsCleanly() async throws {
            let server = try TestServer()
            let client = try server.client(receiveTimeoutSeconds: 3)
            // The body is announced but not sent: the answer must not wait for it.
            try client.send("POST /read-only HTTP/1.1\r\nHost: test\r\nContent-Length: 60000\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == 405)
            #expect(response.closesConnection)
            // The client may still send the body: the server reads and drops it, then ends with a FIN,
            // not a reset that could destroy the answer in the client's buffer.
            try client.send(RandomBytes.make(count: 60000))
            client.expectOrderlyCloseWithNothingMore()
            await server.stop()
        }

        @Test func expectContinueGetsA100BeforeTheBodyIsSent() async throws {
            let server = try TestServer()
            let client = try server.client(receiveTimeoutSeconds: 3)
            try client.send("PUT /upload HTTP/1.1\r\nHost: test\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n")
            let interim = try client.read(count: 25)
            #expect(String(decoding: interim, as: UTF8.self) == "HTTP/1.1 100 Continue\r\n\r\n")
            try client.send("hello")
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.bodyText == "PUT /upload\nhello")
            await server.stop()
        }

        @Test func expectContinueForARefusedBodyGetsTheFinalAnswerAndNo100() async throws {
            let server = try TestServer()
            let client = try server.client(receiveTimeoutSeconds: 3)
            try client.send("PUT /read-only HTTP/1.1\r\nHost: test\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == 405)
            client.expectOrderlyCloseWithNothingMore()
            await server.stop()
        }

        @Test func anUnknownExpectationGets417() async throws {
            let server = try TestServer()
            let client = try server.client(receiveTimeoutSeconds: 3)
            let response = try client.roundTrip("GET / HTTP/1.1\r\nHost: test\r\nExpect: teapot\r\n\r\n")
            #expect(response.status == 417)
            client.expectOrderlyCloseWithNothingMore()
            await server.stop()
        }

        /// One byte every 300 ms resets any per-byte deadline forever; the minimum average rate ends it.
        @Test func aBodyTrickledBelowTheMinimumRateIsCutOff() async throws {
            let server = try TestServer {
                $0.headerTimeoutSeconds = 1
                $0.idleTimeoutSeconds = 30
                $0.minBodyBytesPerSecond = 100
            }
            // The trickle's pace is a read that waits up to 0.3 s for the server's answer or close: the real
            // loop's sweep must cut it off (the machine's pace rule itself is tested with a manual clock in
            // ConnectionMachineTimeoutTests).
            let client = try server.client(receiveTimeoutSeconds: 0.3)
            try client.send("POST /upload HTTP/1.1\r\nHost: test\r\nContent-Length: 10000\r\n\r\n")
            let clock = ContinuousClock()
            let start = clock.now
            var cutOff: (bytes: [UInt8], end: ConnectionEnd)?
            while cutOff == nil && clock.now - start < .seconds(8) {
                do {
                    try client.send("x")
                } catch {
                    cutOff = ([], .reset)
                    break
                }
                let (bytes, end) = client.readUntilEnd()
                if !bytes.isEmpty || end != .timedOut { cutOff = (bytes, end) }
            }
            #expect(cutOff != nil, "a body trickled at ~3 B/s was still being read after 8 s")
            if let answer = cutOff?.bytes, !answer.isEmpty {
                #expect(String(decoding: answer, as: UTF8.self).hasPrefix("HTTP/1.1 408 "))
            }
            // 1 s of grace, then the sweep (once a second) finds it short of 100 B/s.
            #expect(clock.now - start <= .seconds(5), "cut off after \(clock.now - start)")
            await server.stop()
        }
    }
}
