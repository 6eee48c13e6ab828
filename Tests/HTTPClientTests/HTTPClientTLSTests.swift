import Foundation
import HTTPClient
import Testing

/// HTTPS against `openssl s_server`: a given CA file is trusted (and is the only trust), the certificate
/// must name the host or address asked for, and each refusal is one line saying what to do.
@Suite struct HTTPClientTLSTests {
    @Test func theDevelopmentCAIsTrustedOnlyWhenGiven() throws {
        let server = try OpenSSLServer(hosts: ["localhost", "127.0.0.1"])
        let url = URL(string: "https://localhost:\(server.port)/")!
        let trusting = try HTTPClient(userAgent: "test", timeout: 10, caFile: server.files.authorityCertificate)
        #expect(try trusting.perform(ClientRequest(url: url)).status == 200)
        #expect(try trusting.perform(ClientRequest(url: URL(string: "https://127.0.0.1:\(server.port)/")!)).status == 200)

        let system = try HTTPClient(userAgent: "test", timeout: 10)
        let untrusted = HTTPClientExchangeTests.failure { _ = try system.perform(ClientRequest(url: url)) }
        #expect(untrusted?.kind == .certificateUntrusted)
        #expect(untrusted?.description.hasPrefix("TLS: certificate of https://localhost:\(server.port) not trusted (") == true)
        #expect(untrusted?.description.hasSuffix("; use --cacert FILE)") == true)
    }

    @Test func aCertificateForOtherNamesIsRefused() throws {
        let server = try OpenSSLServer(hosts: ["localhost"])
        let client = try HTTPClient(userAgent: "test", timeout: 10, caFile: server.files.authorityCertificate)
        let address = HTTPClientExchangeTests.failure { _ = try client.perform(ClientRequest(url: URL(string: "https://127.0.0.1:\(server.port)/")!)) }
        #expect(address?.description == "TLS: certificate of https://127.0.0.1:\(server.port) is not valid for this host name or address")
        #expect(try client.perform(ClientRequest(url: URL(string: "https://localhost:\(server.port)/")!)).status == 200)
    }

    @Test func plainHTTPToATLSPortIsOneLine() throws {
        let server = try OpenSSLServer(hosts: ["localhost"])
        let client = try HTTPClient(userAgent: "test", timeout: 10)
        let error = HTTPClientExchangeTests.failure { _ = try client.perform(ClientRequest(url: URL(string: "http://127.0.0.1:\(server.port)/")!)) }
        #expect(error != nil)
        #expect(error?.description.contains("\n") == false)
    }
}
