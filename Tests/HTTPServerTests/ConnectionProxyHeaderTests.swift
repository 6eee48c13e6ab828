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
