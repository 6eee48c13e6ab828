import Glibc
import RawHTTPClient
import Testing
import Polling

extension ServerTests {
    /// `shutdown()`: stop accepting at once, let the response in flight finish, then close.
    @Suite struct GracefulShutdown {
        struct DrainOutcome: Sendable {
            var refusedNewConnection: Bool
            var body: Result<[UInt8], RawClientError>
            var rest: Int
            var end: ConnectionEnd
        }

        @Test func inFlightDownloadFinishesWhileNewConnectionsAreRefused() async throws {
            let file = try FixtureFile(bytes: RandomBytes.make(count: 32 << 20))
            // Drain deadline and idle timeout far beyond this test's receive timeout, so only the drain
            // itself can close the connection in time.
            let server = try TestServer(responder: FileServingResponder(path: file.path)) {
                $0.drainTimeoutSeconds = 60
                $0.idleTimeoutSeconds = 60
            }
            let client = try server.client()
            try client.send("GET /download HTTP/1.1\r\nHost: test\r\n\r\n")
            let head = try client.readResponse(bodyExpected: false)
            #expect(head.contentLength == file.bytes.count)
            let first = try client.read(count: 1 << 20)

            let clock = ContinuousClock()
            let shutdownStarted = clock.now
            let shutdown = Task { await server.stop() }
            let port = server.port
            let outcome = await NewThread.run { () -> DrainOutcome in
                // The listener closes on the loop's thread, soon after `stop` begins.
                let refused = Poll.blockingUntil(within: .seconds(5)) {
                    do throws(RawClientError) {
                        _ = try RawClient(port: port)
                        return false
                    } catch {
                        return error.isConnectionRefused
                    }
                }
                let body = Result { () throws(RawClientError) in try client.read(count: file.bytes.count - first.count) }
                // The drained keep-alive connection is closed by the server, not left to the deadline.
                let (rest, end) = client.readUntilEnd()
                return DrainOutcome(refusedNewConnection: refused, body: body, rest: rest.count, end: end)
            }
            #expect(outcome.refusedNewConnection)
            let rest = try outcome.body.get()
            #expect(first + rest == file.bytes, "the download was cut or altered by the shutdown")
            #expect(outcome.rest == 0)
            #expect(outcome.end == .closed)
            await shutdown.value
            #expect(clock.now - shutdownStarted < .seconds(30), "shutdown waited for its drain deadline")
            #expect(server.server.connectionCount == 0)
        }
    }
}
