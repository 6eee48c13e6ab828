import Foundation
import HTTPClient
import Testing

/// A request's deadline bounds it as a whole (Round 3, finding 3): a server that sends a byte every 200 ms is
/// never silent long enough for a per-read timeout, so without the deadline each of these would take minutes.
@Suite struct HTTPClientDeadlineTests {
    /// A per-call timeout far longer than the deadlines here, so only the deadline can end the requests.
    static func client() throws -> HTTPClient { try HTTPClient(userAgent: "test", timeout: 30) }

    /// Runs `request` with a deadline `seconds` from now; the error and how long it took.
    static func timed(_ seconds: Double, _ request: (ContinuousClock.Instant) throws -> Void) -> (HTTPClientError?, Double) {
        let start = ContinuousClock.now
        let error = HTTPClientExchangeTests.failure { try request(start + .seconds(seconds)) }
        let elapsed = start.duration(to: .now)
        return (error, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    @Test func aTricklingResponseHeadEndsAtTheDeadline() throws {
        // 200 ms a byte: 5,000 bytes of header would take 17 minutes.
        let server = try ScriptedServer { peer in
            peer.readHead()
            peer.trickle(Array("HTTP/1.1 200 OK\r\nX-Slow: ".utf8) + Array(repeating: UInt8(ascii: "a"), count: 5_000), every: 0.2)
        }
        let client = try Self.client()
        let (error, elapsed) = Self.timed(1) { deadline in
            _ = try client.perform(ClientRequest(url: URL(string: server.url)!), deadline: deadline)
        }
        #expect(error?.kind == .timedOut)
        #expect(elapsed >= 0.9 && elapsed < 2.5, "took \(elapsed) s")
    }

    @Test func aTricklingBodyEndsAtTheDeadline() throws {
        let server = try ScriptedServer { peer in
            peer.readHead()
            peer.write("HTTP/1.1 200 OK\r\nContent-Length: 5000\r\n\r\n")
            peer.trickle(Array(repeating: UInt8(ascii: "a"), count: 5_000), every: 0.2)
        }
        let client = try Self.client()
        let (error, elapsed) = Self.timed(1) { deadline in
            _ = try client.perform(ClientRequest(url: URL(string: server.url)!), deadline: deadline)
        }
        #expect(error?.kind == .timedOut)
        #expect(elapsed >= 0.9 && elapsed < 2.5, "took \(elapsed) s")
    }

    @Test func aTricklingTLSHandshakeEndsAtTheDeadline() throws {
        // A TLS record header announcing 16 KiB of handshake, then its bytes one at a time: OpenSSL reads the
        // whole record in one call, through many recv(2)s, each of which a per-call timeout would restart.
        let server = try ScriptedServer { peer in
            peer.trickle([0x16, 0x03, 0x03, 0x40, 0x00] + Array(repeating: 0, count: 16_384), every: 0.2)
        }
        let client = try Self.client()
        let (error, elapsed) = Self.timed(1) { deadline in
            _ = try client.perform(ClientRequest(url: URL(string: "https://127.0.0.1:\(server.port)/")!), deadline: deadline)
        }
        #expect(error?.kind == .timedOut)
        #expect(elapsed >= 0.9 && elapsed < 2.5, "took \(elapsed) s")
    }

    @Test func aDeadlineAlreadyPastFailsWithoutConnecting() throws {
        let server = try ScriptedServer { peer in
            peer.readHead()
            peer.write("HTTP/1.1 204 No Content\r\n\r\n")
        }
        let (error, _) = Self.timed(-1) { deadline in
            _ = try Self.client().perform(ClientRequest(url: URL(string: server.url)!), deadline: deadline)
        }
        #expect(error?.kind == .timedOut)
        #expect(server.connections == 0)
    }

    @Test func aConnectionKeptAfterADeadlineServesTheNextRequestWithoutOne() throws {
        // The second answer comes after the first request's deadline has passed.
        let server = try ScriptedServer { peer in
            peer.readHead()
            peer.write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
            peer.readHead()
            Thread.sleep(forTimeInterval: 0.5)
            peer.write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
        }
        let client = try Self.client()
        let request = ClientRequest(url: URL(string: server.url)!)
        #expect(try client.perform(request, deadline: .now + .milliseconds(300)).status == 200)
        #expect(try client.perform(request).status == 200)
        #expect(server.connections == 1)
    }
}
