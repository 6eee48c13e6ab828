import HTTPServer
import Testing
import Sockets

/// `ForwardedFor.client`: X-Forwarded-For read from the right, believing trusted proxies only.
@Suite struct ForwardedForTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var peer: String
        var field: String
        var client: String
        var testDescription: String { name }
    }

    /// The proxies: this machine and a private network.
    static let trusted = ["127.0.0.1/32", "10.0.0.0/8", "fd00::/8"].map { IPNetwork($0)! }

    static let cases: [Case] = [
        .init(name: "one proxy", peer: "127.0.0.1", field: "203.0.113.7", client: "203.0.113.7"),
        .init(name: "an untrusted peer is the client, whatever it claims", peer: "198.51.100.1", field: "203.0.113.7", client: "198.51.100.1"),
        .init(name: "the client's own claim is left of the proxy's entry", peer: "127.0.0.1", field: "1.1.1.1, 203.0.113.7", client: "203.0.113.7"),
        .init(name: "two trusted hops", peer: "127.0.0.1", field: "203.0.113.7, 10.0.0.5", client: "203.0.113.7"),
        .init(name: "three trusted hops and a forged entry", peer: "127.0.0.1", field: "6.6.6.6, 203.0.113.7, 10.1.1.1, 10.0.0.5", client: "203.0.113.7"),
        .init(name: "every entry trusted: the leftmost", peer: "127.0.0.1", field: "10.0.0.9, 10.0.0.5", client: "10.0.0.9"),
        .init(name: "garbage stops the walk at the last vouched address", peer: "127.0.0.1", field: "203.0.113.7, unknown, 10.0.0.5", client: "10.0.0.5"),
        .init(name: "garbage at the right keeps the peer", peer: "127.0.0.1", field: "203.0.113.7, garbage", client: "127.0.0.1"),
        .init(name: "an empty field keeps the peer", peer: "127.0.0.1", field: "", client: "127.0.0.1"),
        .init(name: "empty elements are ignored (RFC 9110 §5.6.1)", peer: "127.0.0.1", field: " , 203.0.113.7 ,, ", client: "203.0.113.7"),
        .init(name: "tabs around an element", peer: "127.0.0.1", field: "\t203.0.113.7\t", client: "203.0.113.7"),
        .init(name: "IPv6", peer: "127.0.0.1", field: "2001:db8::7, fd00::1", client: "2001:db8::7"),
        .init(name: "IPv6 in brackets with a port", peer: "127.0.0.1", field: "[2001:db8::7]:4711", client: "2001:db8::7"),
        .init(name: "IPv6 in brackets", peer: "127.0.0.1", field: "[2001:db8::7]", client: "2001:db8::7"),
        .init(name: "IPv4 with a port", peer: "127.0.0.1", field: "203.0.113.7:4711", client: "203.0.113.7"),
        .init(name: "a bracket without its end", peer: "127.0.0.1", field: "[2001:db8::7", client: "127.0.0.1"),
        .init(name: "a port that is not a number", peer: "127.0.0.1", field: "203.0.113.7:http", client: "127.0.0.1"),
        .init(name: "an IPv4-mapped peer is trusted as IPv4", peer: "::ffff:127.0.0.1", field: "203.0.113.7", client: "203.0.113.7"),
        .init(name: "a trusted IPv6 peer", peer: "fd00::2", field: "203.0.113.7", client: "203.0.113.7"),
        .init(name: "a name is not an address", peer: "127.0.0.1", field: "client.example", client: "127.0.0.1"),
        .init(name: "what a trusted proxy says is believed, even a loopback address", peer: "10.0.0.5", field: "127.0.0.2", client: "127.0.0.2"),
    ]

    @Test(arguments: cases)
    func client(_ c: Case) throws {
        let peer = try #require(IPAddress(c.peer))
        #expect(ForwardedFor.client(field: c.field, peer: peer, trustedProxies: Self.trusted) == IPAddress(c.client))
    }

    @Test func withoutTrustedProxiesThePeerIsTheClient() throws {
        let peer = try #require(IPAddress("127.0.0.1"))
        #expect(ForwardedFor.client(field: "203.0.113.7", peer: peer, trustedProxies: []) == peer)
    }
}
