import Crypto
import DevelopmentCertificates
import Foundation
import Testing
import X509

/// The local root CA: what makes it a CA, that it is kept across runs (devices already trust it), and
/// that an incomplete or mismatched pair on disk is refused rather than replaced.
@Suite struct CertificateAuthorityTests {
    @Test func isASelfSignedRootThatMaySignCertificates() throws {
        let dir = try GeneratedDirectory()
        let result = try dir.generate()
        let authority = try dir.authority()
        #expect(try authority.extensions.basicConstraints == .isCertificateAuthority(maxPathLength: 0))
        #expect(authority.extensions[oid: .X509ExtensionID.basicConstraints]?.critical == true)
        let usage = try #require(try authority.extensions.keyUsage)
        #expect(usage.keyCertSign && usage.cRLSign && !usage.digitalSignature)
        #expect(authority.issuer == authority.subject)
        #expect(authority.publicKey.isValidSignature(authority.signature, for: authority))
        #expect(result.authorityName.hasPrefix("PackServe Development CA ("))
        #expect(authority.subject.description.contains(result.authorityName))
        #expect(!result.authorityReused)
    }

    @Test func fingerprintIsTheColonSeparatedSHA256OfTheDER() throws {
        let dir = try GeneratedDirectory()
        let result = try dir.generate()
        let der = try #require(Data(base64Encoded: try dir.text(dir.files.authorityCertificate)
            .split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()))
        #expect(result.authorityFingerprint == SHA256.hash(data: der).map { String(format: "%02X", $0) }.joined(separator: ":"))
        #expect(result.authorityFingerprint.count == 32 * 3 - 1)
    }

    @Test func keyFilesAreOwnerOnlyAndNoTempFilesRemain() throws {
        let dir = try GeneratedDirectory()
        try dir.generate()
        #expect(try dir.mode(dir.files.authorityKey) == 0o600)
        #expect(try dir.mode(dir.files.serverKey) == 0o600)
        #expect(try dir.mode(dir.files.authorityCertificate) == 0o644)
        #expect(try dir.mode(dir.files.serverCertificate) == 0o644)
        #expect(try dir.mode(dir.files.trustProfile) == 0o644)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
            == ["PackServe-CA.mobileconfig", "ca.key", "ca.pem", "server.key", "server.pem"])
    }

    @Test func secondRunKeepsTheCAAndIssuesANewLeaf() throws {
        let dir = try GeneratedDirectory()
        let first = try dir.generate()
        let firstCA = try dir.text(dir.files.authorityCertificate)
        let firstKey = try dir.text(dir.files.authorityKey)
        let firstLeaf = try dir.leaf()
        let firstProfile = try Data(contentsOf: URL(fileURLWithPath: dir.files.trustProfile))

        let second = try dir.generate(hosts: ["other.example.test"])
        #expect(second.authorityReused)
        #expect(second.authorityFingerprint == first.authorityFingerprint)
        #expect(try dir.text(dir.files.authorityCertificate) == firstCA)
        #expect(try dir.text(dir.files.authorityKey) == firstKey)
        let secondLeaf = try dir.leaf()
        #expect(secondLeaf.serialNumber != firstLeaf.serialNumber)
        #expect(secondLeaf.publicKey != firstLeaf.publicKey)
        #expect(try secondLeaf.extensions.subjectAlternativeNames.map(Array.init) == [.dnsName("other.example.test")])
        #expect(try dir.authority().publicKey.isValidSignature(secondLeaf.signature, for: secondLeaf))
        // Same CA, same profile: reinstalling it on a device replaces the earlier copy.
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir.files.trustProfile)) == firstProfile)
    }

    @Test func certificateWithoutItsKeyIsRefusedAndNothingIsWritten() throws {
        let dir = try GeneratedDirectory()
        try dir.generate()
        let leaf = try dir.text(dir.files.serverCertificate)
        try FileManager.default.removeItem(atPath: dir.files.authorityKey)
        let error = #expect(throws: DevelopmentCertificatesError.self) { try dir.generate() }
        #expect(error == .incompleteAuthority(present: dir.files.authorityCertificate, missing: dir.files.authorityKey))
        #expect(error.map { !$0.description.contains("\n") } == true)
        #expect(try dir.text(dir.files.serverCertificate) == leaf)
        #expect(!FileManager.default.fileExists(atPath: dir.files.authorityKey))
    }

    @Test func keyWithoutItsCertificateIsRefused() throws {
        let dir = try GeneratedDirectory()
        try dir.generate()
        try FileManager.default.removeItem(atPath: dir.files.authorityCertificate)
        #expect(throws: DevelopmentCertificatesError.incompleteAuthority(
            present: dir.files.authorityKey, missing: dir.files.authorityCertificate)) { try dir.generate() }
    }

    @Test func anotherCAsKeyIsRefused() throws {
        let dir = try GeneratedDirectory()
        let other = try GeneratedDirectory()
        try dir.generate()
        try other.generate()
        let ca = try dir.text(dir.files.authorityCertificate)
        try FileManager.default.removeItem(atPath: dir.files.authorityKey)
        try FileManager.default.copyItem(atPath: other.files.authorityKey, toPath: dir.files.authorityKey)
        #expect(throws: DevelopmentCertificatesError.authorityMismatch(
            certificate: dir.files.authorityCertificate, key: dir.files.authorityKey)) { try dir.generate() }
        #expect(try dir.text(dir.files.authorityCertificate) == ca)
    }

    @Test func expiredCAIsRefused() throws {
        let dir = try GeneratedDirectory()
        try dir.generate(now: Date(timeIntervalSinceNow: -11 * 365 * 86_400))
        let error = #expect(throws: DevelopmentCertificatesError.self) { try dir.generate() }
        guard case .authorityExpired = error else {
            Issue.record("expected authorityExpired, got \(String(describing: error))")
            return
        }
    }

    @Test func defaultDirectoryIsTheOneHoldingTheCertificate() {
        #expect(DevelopmentCertificates.defaultDirectory(certificatePath: "/srv/packserve/.packserve/tls/server.pem")
            == "/srv/packserve/.packserve/tls")
    }
}
