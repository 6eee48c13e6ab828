import Crypto
import DevelopmentCertificates
import Foundation
import SwiftASN1
import Testing
import X509

/// The server certificate read back with swift-certificates: what Apple platforms require of a TLS
/// server certificate, and that the development CA really signed it.
@Suite struct ServerCertificateTests {
    @Test func namesExactlyTheRequestedHostsAsDNSAndIPEntries() throws {
        let dir = try GeneratedDirectory()
        let result = try dir.generate(hosts: ["localhost", "127.0.0.1", "::1", "assets.example.test", "[2001:db8::7]"])
        let names = try #require(try dir.leaf().extensions.subjectAlternativeNames)
        var ipv6Loopback = [UInt8](repeating: 0, count: 16)
        ipv6Loopback[15] = 1
        let documentation: [UInt8] = [0x20, 0x01, 0x0d, 0xb8] + [UInt8](repeating: 0, count: 11) + [7]
        #expect(Array(names) == [
            .dnsName("localhost"),
            .ipAddress(ASN1OctetString(contentBytes: [127, 0, 0, 1])),
            .ipAddress(ASN1OctetString(contentBytes: ArraySlice(ipv6Loopback))),
            .dnsName("assets.example.test"),
            .ipAddress(ASN1OctetString(contentBytes: ArraySlice(documentation))),
        ])
        #expect(result.hosts.map(\.description) == ["localhost", "127.0.0.1", "::1", "assets.example.test", "2001:db8::7"])
    }

    @Test func isAServerAuthLeafWithinApplesValidityLimit() throws {
        let dir = try GeneratedDirectory()
        let now = Date()
        try dir.generate(now: now)
        let leaf = try dir.leaf()
        #expect(try leaf.extensions.extendedKeyUsage.map(Array.init) == [.serverAuth])
        #expect(try leaf.extensions.keyUsage == KeyUsage(digitalSignature: true))
        #expect(try leaf.extensions.basicConstraints == .notCertificateAuthority)
        #expect(leaf.extensions[oid: .X509ExtensionID.basicConstraints]?.critical == true)
        #expect(leaf.signatureAlgorithm == .ecdsaWithSHA256)
        #expect(leaf.notValidAfter.timeIntervalSince(leaf.notValidBefore) <= 825 * 86_400)
        // Starts before now (a device's clock may lag) and lasts for the days asked, less that allowance.
        #expect(leaf.notValidBefore < now.addingTimeInterval(-60))
        #expect(leaf.notValidAfter > now.addingTimeInterval(824 * 86_400))
    }

    @Test func isSignedByTheCAAndFollowedByItInTheChain() throws {
        let dir = try GeneratedDirectory()
        try dir.generate()
        let chain = try dir.chain()
        let authority = try dir.authority()
        #expect(chain.count == 2)
        #expect(chain[1] == authority)
        #expect(chain[0].issuer == authority.subject)
        #expect(authority.publicKey.isValidSignature(chain[0].signature, for: chain[0]))
        let aki = try #require(try chain[0].extensions.authorityKeyIdentifier)
        #expect(aki.keyIdentifier == (try authority.extensions.subjectKeyIdentifier)?.keyIdentifier)
        // A certificate from another CA does not verify against this one.
        let other = try GeneratedDirectory()
        try other.generate()
        #expect(!authority.publicKey.isValidSignature(try other.leaf().signature, for: try other.leaf()))
    }

    @Test func chainValidatesForItsNamesAndNoOthers() async throws {
        let dir = try GeneratedDirectory()
        try dir.generate()
        let roots = CertificateStore([try dir.authority()])
        func validates(hostname: String?, ip: String?) async throws -> Bool {
            var verifier = Verifier(rootCertificates: roots) {
                RFC5280Policy()
                ServerIdentityPolicy(serverHostname: hostname, serverIP: ip)
            }
            let result = await verifier.validate(leaf: try dir.leaf(), intermediates: CertificateStore())
            if case .validCertificate = result { return true }
            return false
        }
        #expect(try await validates(hostname: "assets.example.test", ip: nil))
        #expect(try await validates(hostname: "localhost", ip: nil))
        #expect(try await validates(hostname: nil, ip: "127.0.0.1"))
        #expect(try await validates(hostname: nil, ip: "::1"))
        #expect(try await !validates(hostname: "other.example.test", ip: nil))
        #expect(try await !validates(hostname: nil, ip: "10.9.8.7"))
    }

    @Test func keyFileHoldsTheLeafsKeyAsPKCS8() throws {
        let dir = try GeneratedDirectory()
        try dir.generate()
        let pem = try dir.text(dir.files.serverKey)
        #expect(pem.hasPrefix("-----BEGIN PRIVATE KEY-----\n"))
        let key = try P256.Signing.PrivateKey(pemRepresentation: pem)
        #expect(Certificate.PublicKey(key.publicKey) == (try dir.leaf().publicKey))
    }

    @Test(arguments: [826, 1000, 0, -1])
    func validityOutsideOneTo825DaysIsRefusedBeforeWriting(days: Int) throws {
        let dir = try GeneratedDirectory()
        #expect(throws: DevelopmentCertificatesError.validityOutOfRange(days: days)) { try dir.generate(days: days) }
        #expect(!FileManager.default.fileExists(atPath: dir.path))
    }

    @Test func validityOf825DaysIsExactlyTheLimit() throws {
        let dir = try GeneratedDirectory()
        try dir.generate(days: 825)
        let leaf = try dir.leaf()
        #expect(leaf.notValidAfter.timeIntervalSince(leaf.notValidBefore) == 825 * 86_400)
        #expect(DevelopmentCertificatesError.validityOutOfRange(days: 826).description.contains("at most 825"))
    }
}
