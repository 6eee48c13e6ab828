import Glibc
import HTTPServer
import Testing
import Sockets

extension ServerTests {
    /// The client behind a proxy (docs/http.md "Client address behind a proxy"), over real sockets: a
    /// listener with `proxyProtocol` takes the client from the PROXY header of a trusted peer and refuses
    /// everyone else unanswered; other listeners believe X-Forwarded-For from trusted peers only.
    @Suite struct ProxyProtocol {
        private static let request = "GET /who HTTP/1.1\r\nHost: test\r\n\r\n"
        /// A version 2 header for TCP over IPv4 from 198.51.100.23:56324.
        static let tcp4Version2: [UInt8] = [0x0D, 0x0A, 0x0D, 0x0A, 0x00, 0x0D, 0x0A, 0x51, 0x55, 0x49, 0x54, 0x0A,
                                            0x21, 0x11, 0x00, 0x0C, 198, 51, 100, 23, 127, 0, 0, 1, 0xDC, 0x04, 0x1F, 0x90]

        private static func server(proxyProtocol: Bool, trusting networks: [String]) throws -> TestServer {
            try TestServer(responder: ClientEchoResponder()) {
                $0.plaintextProxyProtocol = proxyProtocol
                $0.trustedProxies = networks.compactMap(IPNetwork.init)
            }
        }

        @Test func aVersion1HeaderNamesTheClientForEveryRequestOfTheConnection() async throws {
            let server = try Self.server(proxyProtocol: true, trusting: ["127.0.0.1"])
            let client = try server.client()
            try client.send("PROXY TCP4 203.0.113.7 127.0.0.1 56324 8080\r\n" + Self.request)
            #expect(try client.readResponse().bodyText == "203.0.113.7")
            #expect(try client.roundTrip(Self.request).bodyText == "203.0.113.7", "keep-alive keeps the header's client")
            await server.stop()
        }

        /// Sent whole here; trickled one read per byte in ConnectionProxyHeaderTests, where each read is the
        /// test's to make.
        @Test func aVersion2HeaderNamesTheClient() async throws {
            let server = try Self.server(proxyProtocol: true, trusting: ["127.0.0.0/8"])
            let client = try server.client()
            try client.send(Self.tcp4Version2)
            #expect(try client.roundTrip(Self.request).bodyText == "198.51.100.23")
            await server.stop()
        }

        @Test func aLocalHeaderKeepsThePeer() async throws {
            let server = try Self.server(proxyProtocol: true, trusting: ["127.0.0.1"])
            let client = try server.client()
            try client.send(Array(Self.tcp4Version2[0..<12]) + [0x20, 0x00, 0x00, 0x00] + Array(Self.request.utf8))
            #expect(try client.readResponse().bodyText == "127.0.0.1")
            await server.stop()
        }

        /// Refused without a byte of answer: an untrusted peer (whatever its header says), a request
        /// without a header, a broken header, a header cut short by the peer.
        @Test(arguments: [
            (["10.0.0.0/8"], "PROXY TCP4 203.0.113.7 127.0.0.1 56324 8080\r\n" + request),
            (["127.0.0.1"], request),
            (["127.0.0.1"], "PROXY TCP4 203.0.113.7 127.0.0.1 56324\r\n" + request),
            (["127.0.0.1"], "PROXY TCP4 203.0.113.7"),
        ])
        func aConnectionIsRefusedUnanswered(trusted: [String], sent: String) async throws {
            let server = try Self.server(proxyProtocol: true, trusting: trusted)
            let client = try server.client()
            try client.send(sent)
            if !sent.hasSuffix("\r\n") { shutdown(client.descriptor, Int32(SHUT_WR)) }
            let (bytes, end) = client.readUntilEnd()
            #expect(bytes.isEmpty && end != .timedOut, "\(bytes.count) bytes, \(end)")
            await server.stop()
        }

        /// The header timeout covers the PROXY header: a peer that sends half of one is cut off.
        @Test func aStalledHeaderIsCutOffByTheHeaderTimeout() async throws {
            let server = try Self.server(proxyProtocol: true, trusting: ["127.0.0.1"])
            let client = try server.client(receiveTimeoutSeconds: 6)
            try client.send("PROXY TCP4 ")
            let (bytes, end) = client.readUntilEnd()
            #expect(bytes.isEmpty && end != .timedOut, "\(end)")
            await server.stop()
        }

        @Test(arguments: [
            (["127.0.0.1"], "203.0.113.7, 127.0.0.1", "203.0.113.7"),
            (["127.0.0.1"], "198.51.100.2, 203.0.113.7", "203.0.113.7"),
            (["10.0.0.0/8"], "203.0.113.7", "127.0.0.1"),
            ([String](), "203.0.113.7", "127.0.0.1"),
        ])
        func forwardedForIsBelievedFromTrustedPeersOnly(trusted: [String], field: String, expected: String) async throws {
            let server = try Self.server(proxyProtocol: false, trusting: trusted)
            let client = try server.client()
            let response = try client.roundTrip("GET /who HTTP/1.1\r\nHost: test\r\nX-Forwarded-For: \(field)\r\n\r\n")
            #expect(response.bodyText == expected)
            await server.stop()
        }
    }
}
