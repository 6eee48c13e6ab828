import Testing

extension ServerTests {
    /// Slowloris defence: a head that trickles in is cut off after `headerTimeoutSeconds`, and while
    /// that client hangs on, others are served as usual.
    @Suite struct SlowClients {
        @Test func headerTricklingOneBytePerSecondIsDroppedWhileAnotherClientIsServed() async throws {
            let server = try TestServer { $0.headerTimeoutSeconds = 2 }
            let trickler = Trickler(port: server.port)
            let (trickled, byteSent) = AsyncStream.makeStream(of: Int.self)
            async let slowOutcome = NewThread.run {
                defer { byteSent.finish() }
                return trickler.run { byteSent.yield($0) }
            }

            // Meanwhile, after each byte the trickler sends, another connection makes three requests, each
            // answered at once: the requests follow the trickler's own pace, to its end.
            let clock = ContinuousClock()
            let other = try server.client(receiveTimeoutSeconds: 1)
            var requests = 0
            var served = 0
            var slowest = Duration.zero
            for await _ in trickled {
                for _ in 0..<3 {
                    let sentAt = clock.now
                    let response = try other.roundTrip("GET /normal/\(requests) HTTP/1.1\r\nHost: test\r\n\r\n")
                    slowest = max(slowest, clock.now - sentAt)
                    if response.status == 200 && response.bodyText == "GET /normal/\(requests)" { served += 1 }
                    requests += 1
                }
            }
            #expect(requests >= 3 && served == requests, "\(served) of \(requests) requests served")
            #expect(slowest < .seconds(1), "slowest response took \(slowest)")

            let slow = await slowOutcome
            #expect(slow.end != .timedOut, "the trickling client was never dropped")
            #expect(slow.bytesSent < trickler.head.count)
            // Whole-second timeout on a once-a-second sweep: dropped 1…3 s after connecting, allow 5.
            #expect(slow.elapsed >= .seconds(1) && slow.elapsed <= .seconds(5), "dropped after \(slow.elapsed)")
            await server.stop()
        }
    }
}
