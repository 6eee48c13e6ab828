import RawHTTPClient
import Testing

extension ServerTests {
    /// Many connections at once, and `maxConnections`: beyond it the server stops accepting (clients
    /// wait in the kernel backlog) rather than accepting and dropping.
    @Suite struct ConnectionLimits {
        @Test func thousandConcurrentKeepAliveConnectionsEachServeTwoRequests() async throws {
            let limit = FileDescriptorLimit.raiseToHardLimit()
            // Client and server ends live in this one process: two descriptors per connection.
            try #require(limit >= 2_200, "RLIMIT_NOFILE hard limit \(limit) is too low for 1,000 connections")
            let server = try TestServer { $0.headerTimeoutSeconds = 20; $0.idleTimeoutSeconds = 20 }
            let clock = ContinuousClock()
            let start = clock.now
            let outcome = await NewThread.run { () -> Result<[String], RawClientError> in
                Result { () throws(RawClientError) in
                    var clients: [RawClient] = []
                    for _ in 0..<1_000 { clients.append(try server.client(receiveTimeoutSeconds: 10)) }
                    var failures: [String] = []
                    // Every connection has a request in flight before any answer is read.
                    for round in 0..<2 {
                        for (i, client) in clients.enumerated() {
                            try client.send("GET /c\(i)/r\(round) HTTP/1.1\r\nHost: test\r\n\r\n")
                        }
                        for (i, client) in clients.enumerated() {
                            let response = try client.readResponse()
                            if response.status != 200 || response.bodyText != "GET /c\(i)/r\(round)" {
                                failures.append("connection \(i) round \(round): \(response)")
                            }
                        }
                    }
                    if server.server.connectionCount != 1_000 {
                        failures.append("server counts \(server.server.connectionCount) open connections, not 1000")
                    }
                    return failures
                }
            }
            let elapsed = clock.now - start
            let failures = try outcome.get()
            #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(3))")
            #expect(elapsed < .seconds(30), "took \(elapsed)")
            await server.stop()
        }

        @Test func connectionBeyondMaxConnectionsWaitsUntilOneClosesAndIsThenServed() async throws {
            let server = try TestServer { $0.maxConnections = 8 }
            var clients: [RawClient] = []
            for i in 0..<8 {
                let client = try server.client()
                #expect(try client.roundTrip("GET /held/\(i) HTTP/1.1\r\nHost: test\r\n\r\n").status == 200)
                clients.append(client)
            }
            // The ninth connects (the kernel completes the handshake) but the server does not accept it.
            let ninth = try server.client(receiveTimeoutSeconds: 1)
            try ninth.send("GET /ninth HTTP/1.1\r\nHost: test\r\n\r\n")
            do throws(RawClientError) {
                let early = try ninth.readResponse()
                Issue.record("the ninth connection was served while 8 were open: \(early)")
            } catch {
                // Waiting, not refused: no answer, no close, no reset.
                #expect(error.isTimeout, "\(error)")
            }
            #expect(server.server.connectionCount == 8)

            clients.removeFirst().close()
            ninth.setReceiveTimeout(seconds: 5)
            let response = try ninth.readResponse()
            #expect(response.status == 200)
            #expect(response.bodyText == "GET /ninth")
            await server.stop()
        }
    }
}
