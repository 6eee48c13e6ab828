@testable import HTTPServer
import Glibc
import Testing
import Sockets

/// A connection on a PROXY protocol listener, one event at a time through a `ManualHost` and a real
/// loopback socket (the header is peeked at on the socket): what it counts as refused, and why.
@Suite struct ConnectionProxyHeaderTests {
    private static let request = Array("GET /who HTTP/1.1\r\nHost: test\r\n\r\n".utf8)

    private static func connection(_ pair: LoopbackPair, trusting networks: [String]) -> (Connection, ManualHost) {
        let host = ManualHost(responder: ClientEchoResponder()) { $0.trustedProxies = networks.compactMap(IPNetwork.init) }
        let connection = Connection(
            socket: pair.server, transport: PlaintextTransport(socket: pair.server), host: host, readsProxyHeader: true)
        return (connection, host)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var trusted: [String]
        var sent: String
        var refusal: ProxyRefusal?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        .init(name: "a trusted peer's header", trusted: ["127.0.0.1"], sent: "PROXY TCP4 203.0.113.7 127.0.0.1 1 2\r\n", refusal: nil),
        .init(name: "an untrusted peer", trusted: ["10.0.0.0/8"], sent: "PROXY TCP4 203.0.113.7 127.0.0.1 1 2\r\n", refusal: .untrustedPeer),
        .init(name: "a request without a header", trusted: ["127.0.0.1"], sent: "GET / HTTP/1.1\r\n",
              refusal: .invalidHeader("the connection does not start with a PROXY protocol header")),
        .init(name: "half a header", trusted: ["127.0.0.1"], sent: "PROXY TCP4 ", refusal: nil),
    ]

    @Test(arguments: cases)
    func theFirstBytesDecide(_ c: Case) {
        let pair = LoopbackPair()
        let (connection, host) = Self.connection(pair, trusting: c.trusted)
        pair.send(Array(c.sent.utf8))
        connection.handle(events: ManualHost.readable)
        #expect(host.proxyRefusals == (c.refusal.map { [$0] } ?? []))
        #expect(host.removed == (c.refusal != nil))
    }

    /// The header counts against the header timeout from accept; cut off, it is counted as incomplete.
    @Test func aStalledHeaderIsRefusedAsIncompleteWhenTheHeaderTimeoutEnds() {
        let pair = LoopbackPair()
        let (connection, host) = Self.connection(pair, trusting: ["127.0.0.1"])
        pair.send(Array("PROXY TCP4 ".utf8))
        connection.handle(events: ManualHost.readable)
        host.clock += Int64(host.configuration.headerTimeoutSeconds)
        connection.enforceTimeouts(at: host.clock)
        #expect(host.proxyRefusals == [.incompleteHeader] && host.removed)
    }

    /// A peer that closes with half a header sent will send no more.
    @Test func aPeerThatClosesMidHeaderIsRefusedAsIncomplete() {
        let pair = LoopbackPair()
        let (connection, host) = Self.connection(pair, trusting: ["127.0.0.1"])
        pair.send(Array("PROXY TCP4 ".utf8))
        shutdown(pair.client, Int32(SHUT_WR))
        connection.handle(events: ManualHost.readable | ManualHost.peerHungUp)
        #expect(host.proxyRefusals == [.incompleteHeader])
    }

    /// A version 2 header that arrives one byte per event (each byte is in the socket before the event that
    /// looks at it, and looked at before the next is sent) names the client all the same.
    @Test func aVersion2HeaderTrickledOneByteAReadNamesTheClient() throws {
        let pair = LoopbackPair()
        let (connection, host) = Self.connection(pair, trusting: ["127.0.0.0/8"])
        // The header is peeked at, so it stays queued until it is whole: wait until the socket holds `queued`
        // bytes (SO_RCVLOWAT makes poll say so), then let the connection read.
        func deliver(_ bytes: [UInt8], queued: Int) throws {
            pair.send(bytes)
            var lowWater = Int32(queued)
            setsockopt(pair.server, SOL_SOCKET, SO_RCVLOWAT, &lowWater, socklen_t(MemoryLayout<Int32>.size))
            var arrived = pollfd(fd: pair.server, events: Int16(POLLIN), revents: 0)
            try #require(poll(&arrived, 1, 5_000) == 1, "the bytes never reached the server's socket")
            lowWater = 1
            setsockopt(pair.server, SOL_SOCKET, SO_RCVLOWAT, &lowWater, socklen_t(MemoryLayout<Int32>.size))
            connection.handle(events: ManualHost.readable)
        }
        for (index, byte) in ServerTests.ProxyProtocol.tcp4Version2.enumerated() {
            try deliver([byte], queued: index + 1)
            try #require(!host.removed && host.proxyRefusals.isEmpty, "refused after \(index + 1) bytes: \(host.proxyRefusals)")
        }
        try deliver(Self.request, queued: Self.request.count)
        var answered = pollfd(fd: pair.client, events: Int16(POLLIN), revents: 0)
        try #require(poll(&answered, 1, 5_000) == 1, "no answer")
        var buffer = [UInt8](repeating: 0, count: 1024)
        let n = recv(pair.client, &buffer, buffer.count, 0)
        #expect(String(decoding: buffer[0..<max(n, 0)], as: UTF8.self).hasSuffix("\r\n\r\n198.51.100.23"))
        #expect(host.logged.map(\.client) == ["198.51.100.23"])
    }

    /// The header and the request arrive in one segment: the request is answered in the same event, for
    /// the client the header named, and the access log names it too.
    @Test func theRequestBehindTheHeaderIsAnsweredForTheNamedClient() throws {
        let pair = LoopbackPair()
        let (connection, host) = Self.connection(pair, trusting: ["127.0.0.0/8"])
        pair.send(Array("PROXY TCP4 203.0.113.7 127.0.0.1 1 2\r\n".utf8) + Self.request)
        connection.handle(events: ManualHost.readable)
        var buffer = [UInt8](repeating: 0, count: 1024)
        let n = recv(pair.client, &buffer, buffer.count, 0)
        #expect(String(decoding: buffer[0..<max(n, 0)], as: UTF8.self).hasSuffix("\r\n\r\n203.0.113.7"))
        #expect(host.logged.map(\.client) == ["203.0.113.7"])
    }
}
