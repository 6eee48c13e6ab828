import Testing

extension ServerTests {
    /// Slowloris defence: a head that trickles in is cut off after `headerTimeoutSeconds`, and while
    /// that client hangs on, others are served as usual.
    @Suite struct SlowClients {
        @Test func headerTricklingOneBytePerSecondIsDroppedWhileAnotherClientIsServed() async throws {
            let server = try TestServer { $0.headerTimeoutSeconds = 2 }
            let trickler = Trickler(port: server.port)
            async let slowOutcome = NewThread.run { trickler.run() }

            // Meanwhile another connection makes a request every 200 ms for 2.4 s, each answered at once.
            let clock = ContinuousClock()
            let other = try server.client(receiveTimeoutSeconds: 1)
            var served = 0
            var slowest = Duration.zero
            for i in 0..<12 {
                let sentAt = clock.now
                let response = try other.roundTrip("GET /normal/\(i) HTTP/1.1\r\nHost: test\r\n\r\n")
                slowest = max(slowest, clock.now - sentAt)
                if response.status == 200 && response.bodyText == "GET /normal/\(i)" { served += 1 }
                // Spreads the requests over the trickler's whole run, which goes at real socket speed.
                try await Task.sleep(for: .milliseconds(200))
            }
            #expect(served == 12)
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
