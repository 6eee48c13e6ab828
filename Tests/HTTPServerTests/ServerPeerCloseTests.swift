import Glibc
import Testing
import Polling

extension ServerTests {
    /// A peer's FIN often arrives in the same segment as its last bytes. With edge-triggered epoll no
    /// further event announces it, so the server must read on to the end of stream; otherwise the socket
    /// sits in CLOSE_WAIT until a timeout and a client looping connect → send → close fills the server.
    @Suite struct PeerClose {
        @Test func aRequestFollowedByShutdownIsAnsweredAndClosedAtOnce() async throws {
            let server = try TestServer { $0.idleTimeoutSeconds = 30 }
            let client = try server.client(receiveTimeoutSeconds: 3)
            try client.send("GET /last HTTP/1.1\r\nHost: test\r\n\r\n")
            shutdown(client.descriptor, Int32(SHUT_WR))
            let response = try client.readResponse()
            #expect(response.bodyText == "GET /last")
            // Before the fix the server kept the connection until the idle timeout (30 s here).
            client.expectOrderlyCloseWithNothingMore()
            await server.stop()
        }

        @Test(arguments: [
            "GET /partial HTTP/1.1\r\nHost: te",  // a partial head
            "POST /upload HTTP/1.1\r\nHost: test\r\nContent-Length: 100\r\n\r\nonly some",  // a partial body
        ])
        func clientsThatSendAPartialRequestAndCloseLeaveNothingBehind(request: String) async throws {
            let server = try TestServer {
                $0.headerTimeoutSeconds = 60
                $0.idleTimeoutSeconds = 60
            }
            for _ in 0..<300 {
                let client = try server.client()
                try client.send(request)
                client.close()
            }
            // Every one of them must be gone long before any timeout (60 s) could have closed it.
            try await Poll.until(within: .seconds(2)) { server.server.connectionCount == 0 }
            #expect(server.server.connectionCount == 0, "\(server.server.connectionCount) connections left open")
            await server.stop()
        }
    }
}
