@testable import ProxyProtocol
import Sockets
import Testing

/// `ProxyProtocolParser` branch by branch (haproxy's doc/proxy-protocol.txt §2.1 and §2.2), then every
/// valid header fed one byte at a time.
@Suite struct ProxyProtocolParserTests {
    private static func parse(_ bytes: [UInt8]) -> ProxyHeaderParseResult {
        bytes.withUnsafeBytes { ProxyProtocolParser.parse($0) }
    }

    private static let signature = ProxyProtocolParser.version2Signature

    /// A v2 header: version/command, family/protocol, then `body` with its length in front.
    private static func v2(_ versionCommand: UInt8 = 0x21, _ family: UInt8, _ body: [UInt8], declared: Int? = nil) -> [UInt8] {
        let length = declared ?? body.count
        return signature + [versionCommand, family, UInt8(length >> 8), UInt8(length & 0xFF)] + body
    }

    private static let tcp4Body: [UInt8] = [203, 0, 113, 7, 192, 0, 2, 1, 0xDC, 0x04, 0x01, 0xBB]
    private static let tcp6Body: [UInt8] = [0x20, 0x01, 0x0d, 0xb8] + Array(repeating: 0, count: 11) + [7]
        + [0x20, 0x01, 0x0d, 0xb8] + Array(repeating: 0, count: 11) + [1] + [0xDC, 0x04, 0x01, 0xBB]

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: [UInt8]
        var expected: ProxyHeaderParseResult
        var testDescription: String { name }

        init(_ name: String, _ bytes: [UInt8], _ expected: ProxyHeaderParseResult) {
            (self.name, self.bytes, self.expected) = (name, bytes, expected)
        }

        init(_ name: String, _ text: String, _ expected: ProxyHeaderParseResult) {
            self.init(name, Array(text.utf8), expected)
        }
    }

    struct Refusal: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: [UInt8]
        var testDescription: String { name }

        init(_ name: String, _ bytes: [UInt8]) {
            (self.name, self.bytes) = (name, bytes)
        }

        init(_ name: String, _ text: String) {
            self.init(name, Array(text.utf8))
        }
    }

    private static func address(_ text: String, _ port: Int, version: Int, length: Int) -> ProxyHeaderParseResult {
        .parsed(ProxyHeader(version: version, length: length, source: .address(IPAddress(text)!, port: port)))
    }

    private static func unspecified(version: Int, length: Int) -> ProxyHeaderParseResult {
        .parsed(ProxyHeader(version: version, length: length, source: .unspecified))
    }

    private static func invalid(_ result: ProxyHeaderParseResult) -> Bool {
        if case .invalid = result { true } else { false }
    }

    static let version1: [Case] = [
        Case("TCP4", "PROXY TCP4 203.0.113.7 192.0.2.1 56324 443\r\n", address("203.0.113.7", 56324, version: 1, length: 44)),
        Case("TCP4 with the request behind it", "PROXY TCP4 203.0.113.7 192.0.2.1 56324 443\r\nGET / HTTP/1.1\r\n\r\n",
             address("203.0.113.7", 56324, version: 1, length: 44)),
        Case("TCP6", "PROXY TCP6 2001:db8::7 2001:db8::1 0 65535\r\n", address("2001:db8::7", 0, version: 1, length: 44)),
        Case("the longest TCP6 line", "PROXY TCP6 ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff 65535 65535\r\n",
             address("ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", 65535, version: 1, length: 104)),
        Case("UNKNOWN, short form", "PROXY UNKNOWN\r\n", unspecified(version: 1, length: 15)),
        Case("UNKNOWN ignores the rest of the line", "PROXY UNKNOWN whatever 1 2\r\n", unspecified(version: 1, length: 28)),
        Case("UNKNOWN at the 107-byte limit", "PROXY UNKNOWN " + String(repeating: "f", count: 91) + "\r\n", unspecified(version: 1, length: 107)),
        Case("nothing yet", "", .needMoreBytes),
        Case("part of PROXY", "PRO", .needMoreBytes),
        Case("a line without its CRLF", "PROXY TCP4 203.0.113.7 192.0.2.1 56324 443", .needMoreBytes),
        Case("a line waiting for its LF", "PROXY TCP4 203.0.113.7 192.0.2.1 56324 443\r", .needMoreBytes),
    ]

    static let version1Refusals: [Refusal] = [
        Refusal("an HTTP request", "GET / HTTP/1.1\r\n\r\n"),
        Refusal("POST differs at the second byte", "PO"),
        Refusal("lower case", "proxy TCP4 1.2.3.4 1.2.3.4 1 2\r\n"),
        Refusal("two spaces after PROXY", "PROXY  TCP4 1.2.3.4 1.2.3.4 1 2\r\n"),
        Refusal("another protocol", "PROXY UDP4 1.2.3.4 1.2.3.4 1 2\r\n"),
        Refusal("UNKNOWN glued to more", "PROXY UNKNOWNX\r\n"),
        Refusal("a bare LF", "PROXY TCP4 1.2.3.4 1.2.3.4 1 2\n"),
        Refusal("a CR without LF", "PROXY TCP4 1.2.3.4 1.2.3.4 1 2\rX"),
        Refusal("a NUL in the line", "PROXY TCP4 1.2.3.4\0 1.2.3.4 1 2\r\n"),
        Refusal("a byte above ASCII", "PROXY TCP4 1.2.3.\u{e9} 1.2.3.4 1 2\r\n"),
        Refusal("no CRLF within 107 bytes", "PROXY UNKNOWN " + String(repeating: "f", count: 93)),
        Refusal("a CRLF at bytes 107 and 108", "PROXY UNKNOWN " + String(repeating: "f", count: 92) + "\r\n"),
        Refusal("too few fields", "PROXY TCP4 1.2.3.4 1.2.3.4 1\r\n"),
        Refusal("too many fields", "PROXY TCP4 1.2.3.4 1.2.3.4 1 2 3\r\n"),
        Refusal("a double space between fields", "PROXY TCP4 1.2.3.4  1.2.3.4 1 2\r\n"),
        Refusal("a trailing space", "PROXY TCP4 1.2.3.4 1.2.3.4 1 2 \r\n"),
        Refusal("an IPv6 source for TCP4", "PROXY TCP4 ::1 1.2.3.4 1 2\r\n"),
        Refusal("an IPv4 destination for TCP6", "PROXY TCP6 ::1 1.2.3.4 1 2\r\n"),
        Refusal("a name", "PROXY TCP4 localhost 1.2.3.4 1 2\r\n"),
        Refusal("an IPv4 octet with a leading zero", "PROXY TCP4 1.2.3.04 1.2.3.4 1 2\r\n"),
        Refusal("an IPv4 octet over 255", "PROXY TCP4 1.2.3.256 1.2.3.4 1 2\r\n"),
        Refusal("three IPv4 parts", "PROXY TCP4 1.2.3 1.2.3.4 1 2\r\n"),
        Refusal("a port with a leading zero", "PROXY TCP4 1.2.3.4 1.2.3.4 01 2\r\n"),
        Refusal("a port over 65535", "PROXY TCP4 1.2.3.4 1.2.3.4 1 65536\r\n"),
        Refusal("a signed port", "PROXY TCP4 1.2.3.4 1.2.3.4 +1 2\r\n"),
        Refusal("an empty port", "PROXY TCP4 1.2.3.4 1.2.3.4  2\r\n"),
    ]

    static let version2: [Case] = [
        Case("TCP over IPv4", v2(0x21, 0x11, tcp4Body), address("203.0.113.7", 56324, version: 2, length: 28)),
        Case("TCP over IPv4, TLS behind it", v2(0x21, 0x11, tcp4Body) + [0x16, 0x03, 0x01], address("203.0.113.7", 56324, version: 2, length: 28)),
        Case("TCP over IPv6", v2(0x21, 0x21, tcp6Body), address("2001:db8::7", 56324, version: 2, length: 52)),
        Case("TLVs are skipped", v2(0x21, 0x11, tcp4Body + [0x01, 0x00, 0x02, 0x68, 0x32, 0x04, 0x00, 0x00]),
             address("203.0.113.7", 56324, version: 2, length: 36)),
        Case("LOCAL (a health check)", v2(0x20, 0x00, []), unspecified(version: 2, length: 16)),
        Case("LOCAL with addresses, which are ignored", v2(0x20, 0x11, tcp4Body), unspecified(version: 2, length: 28)),
        Case("LOCAL ignores even an undefined family", v2(0x20, 0xFF, []), unspecified(version: 2, length: 16)),
        Case("PROXY with UNSPEC", v2(0x21, 0x00, []), unspecified(version: 2, length: 16)),
        Case("UDP over IPv4", v2(0x21, 0x12, tcp4Body), unspecified(version: 2, length: 28)),
        Case("UNIX stream", v2(0x21, 0x31, Array(repeating: 0, count: 216)), unspecified(version: 2, length: 232)),
        Case("the largest declared length", v2(0x21, 0x11, tcp4Body + Array(repeating: 0, count: ProxyProtocolParser.maxVersion2AddressBytes - 12)),
             address("203.0.113.7", 56324, version: 2, length: ProxyProtocolParser.maxHeaderBytes)),
        Case("part of the signature", Array(signature[0..<5]), .needMoreBytes),
        Case("the signature alone", signature, .needMoreBytes),
        Case("no length yet", signature + [0x21, 0x11, 0x00], .needMoreBytes),
        Case("addresses still arriving", Array(v2(0x21, 0x11, tcp4Body).dropLast()), .needMoreBytes),
        Case("TLVs still arriving", v2(0x21, 0x11, tcp4Body, declared: 20), .needMoreBytes),
    ]

    static let version2Refusals: [Refusal] = [
        Refusal("a wrong signature byte", [0x0D, 0x0A, 0x0D, 0x0A, 0x01]),
        Refusal("a TLS ClientHello", [0x16, 0x03, 0x01, 0x02, 0x00]),
        Refusal("version 1 in the binary form", signature + [0x11]),
        Refusal("version 3", signature + [0x31]),
        Refusal("command 2", signature + [0x22]),
        Refusal("family 4", signature + [0x21, 0x41]),
        Refusal("protocol 3", signature + [0x21, 0x13]),
        Refusal("a declared length over the cap", signature + [0x21, 0x11, 0x08, 0x01]),
        Refusal("TCP over IPv4 in fewer than 12 bytes", v2(0x21, 0x11, Array(tcp4Body.prefix(11)))),
        Refusal("TCP over IPv6 in fewer than 36 bytes", v2(0x21, 0x21, tcp4Body)),
    ]

    @Test(arguments: version1 + version2)
    func parses(_ c: Case) {
        #expect(Self.parse(c.bytes) == c.expected)
    }

    /// Every refusal is decided, with a one-line reason, as soon as the bytes allow.
    @Test(arguments: version1Refusals + version2Refusals)
    func refuses(_ c: Refusal) {
        let result = Self.parse(c.bytes)
        #expect(Self.invalid(result), "\(result)")
        if case .invalid(let reason) = result { #expect(!reason.isEmpty && !reason.contains("\n")) }
    }

    /// Fed one byte more at a time (the connection re-parses what it has), a valid header says
    /// `needMoreBytes` until its last byte, then the same header; more bytes behind it change nothing.
    @Test(arguments: (version1 + version2).filter { if case .parsed = $0.expected { true } else { false } })
    func splitAtEveryByte(_ c: Case) throws {
        guard case .parsed(let header) = c.expected else { return }
        for cut in 0..<c.bytes.count {
            let partial = Self.parse(Array(c.bytes[0..<cut]))
            #expect(partial == (cut < header.length ? .needMoreBytes : c.expected), "cut at \(cut)")
        }
        #expect(Self.parse(c.bytes + Array("GET / HTTP/1.1\r\n".utf8)) == c.expected)
    }

    /// A refused prefix stays refused for the same reason whatever follows: no byte can repair it.
    @Test(arguments: version1Refusals + version2Refusals)
    func aRefusalIsFinal(_ c: Refusal) {
        #expect(Self.parse(c.bytes + Array("\r\n\r\n".utf8)) == Self.parse(c.bytes))
    }
}
