import HTTPServer
import Testing
import Sockets

/// `IPAddress` and `IPNetwork`: the one CIDR type behind `trustedProxies` and `admin.plaintextClients`.
@Suite struct IPNetworkTests {
    struct Membership: CustomTestStringConvertible, Sendable {
        var network: String
        var address: String
        var contains: Bool
        var testDescription: String { "\(address) in \(network): \(contains)" }
    }

    static let memberships: [Membership] = [
        .init(network: "172.17.0.0/16", address: "172.17.255.255", contains: true),
        .init(network: "172.17.0.0/16", address: "172.16.0.1", contains: false),
        .init(network: "172.17.0.0/16", address: "::1", contains: false),
        // A dual-stack socket reports an IPv4 peer as ::ffff:a.b.c.d (RFC 4291 §2.5.5.2).
        .init(network: "172.17.0.0/16", address: "::ffff:172.17.3.4", contains: true),
        .init(network: "::ffff:172.17.0.0/112", address: "172.17.3.4", contains: true),
        .init(network: "127.0.0.0/8", address: "127.255.0.1", contains: true),
        .init(network: "127.0.0.1", address: "127.0.0.1", contains: true),
        .init(network: "127.0.0.1", address: "127.0.0.2", contains: false),
        .init(network: "127.0.0.1/32", address: "127.0.0.1", contains: true),
        .init(network: "0.0.0.0/0", address: "203.0.113.9", contains: true),
        .init(network: "0.0.0.0/0", address: "2001:db8::1", contains: false),
        // An IPv6 network written as one holds no IPv4 address, not even ::/0.
        .init(network: "::/0", address: "203.0.113.9", contains: false),
        .init(network: "::/0", address: "2001:db8::1", contains: true),
        .init(network: "fd00::/8", address: "fd12::3", contains: true),
        .init(network: "fd00::/8", address: "fe80::1", contains: false),
        .init(network: "fd00::/8", address: "10.0.0.1", contains: false),
        .init(network: "2001:db8::/64", address: "2001:db8::ffff:1", contains: true),
        .init(network: "2001:db8::/64", address: "2001:db8:0:1::1", contains: false),
        .init(network: "2001:db8::/65", address: "2001:db8::7fff:0:0:1", contains: true),
        .init(network: "2001:db8::/65", address: "2001:db8::8000:0:0:1", contains: false),
        .init(network: "::1", address: "::1", contains: true),
        .init(network: "::1", address: "::2", contains: false),
        .init(network: "10.0.0.0/8", address: "not an address", contains: false),
        .init(network: "10.0.0.0/8", address: "10.0.0.1:80", contains: false),
    ]

    @Test(arguments: memberships)
    func membership(_ m: Membership) throws {
        let network = try #require(IPNetwork(m.network))
        #expect(network.contains(m.address) == m.contains)
    }

    /// Host bits past the prefix are cleared, and the text is what one would configure.
    @Test(arguments: [
        ("10.1.2.3/8", "10.0.0.0/8"), ("127.0.0.1", "127.0.0.1/32"), ("::1", "::1/128"),
        ("fd12:3456::1/16", "fd12::/16"), ("::ffff:10.0.0.0/104", "10.0.0.0/8"), ("0.0.0.0/0", "0.0.0.0/0"),
    ])
    func description(_ text: String, _ expected: String) throws {
        #expect(try #require(IPNetwork(text)).description == expected)
    }

    @Test(arguments: [
        "", "/8", "10.0.0.0/", "10.0.0.0/33", "::1/129", "10.0.0.0/8 ", " 10.0.0.0/8", "10.0.0.0/+8",
        "10.0.0.0/08x", "10.0.0.0/8/8", "docker", "10.0.0", "010.0.0.1", "[::1]", "::1%eth0", "10.0.0.0/0008",
    ])
    func refusesWhatIsNotANetwork(_ text: String) {
        #expect(IPNetwork(text) == nil)
    }

    @Test(arguments: [
        ("127.0.0.1", true), ("127.3.2.1", true), ("::1", true), ("::ffff:127.0.0.1", true),
        ("128.0.0.1", false), ("::2", false), ("10.0.0.1", false),
    ])
    func loopback(_ text: String, _ expected: Bool) throws {
        #expect(try #require(IPAddress(text)).isLoopback == expected)
    }

    /// An IPv4 address reads the same however it came; IPv6 as inet_ntop writes it.
    @Test(arguments: [("::ffff:203.0.113.9", "203.0.113.9"), ("2001:DB8:0:0:0:0:0:1", "2001:db8::1"), ("10.0.0.1", "10.0.0.1")])
    func text(_ text: String, _ expected: String) throws {
        #expect(try #require(IPAddress(text)).description == expected)
    }
}
