import Crypto
import Foundation
import X509

/// Issues TLS server certificates that Apple platforms accept once the CA is trusted: SHA-256 ECDSA,
/// every name in subjectAltName, extendedKeyUsage serverAuth, and at most 825 days of validity
/// (Apple's requirements for TLS server certificates since iOS 13 and macOS 10.15).
public struct ServerCertificateIssuer: Sendable {
    public let authority: CertificateAuthority

    public init(authority: CertificateAuthority) {
        self.authority = authority
    }

    /// A new key pair and a certificate for `hosts`, valid from a little before `now` (a phone's clock
    /// may be behind this machine's) for `days` days, or until the CA expires if that comes first.
    public func issue(for hosts: [HostName], days: Int, now: Date) throws(DevelopmentCertificatesError)
        -> ServerCertificate
    {
        guard (1...DevelopmentCertificates.maximumValidityDays).contains(days) else {
            throw .validityOutOfRange(days: days)
        }
        guard !hosts.isEmpty else { throw .noHosts }
        let key = P256.Signing.PrivateKey()
        let publicKey = Certificate.PublicKey(key.publicKey)
        let notBefore = now.addingTimeInterval(-DevelopmentCertificates.clockSkewAllowance)
        // Apple counts the 825 days from notBefore to notAfter, so the skew allowance comes out of them.
        let notAfter = min(notBefore.addingTimeInterval(Double(days) * 86_400), authority.certificate.notValidAfter)
        do {
            let subject = try DistinguishedName {
                CommonName("PackServe development server")
                OrganizationName("PackServe development")
            }
            let extensions = try Certificate.Extensions {
                // RFC 5280 §4.2.1.9: an end-entity certificate; critical so no verifier treats it as a CA.
                Critical(BasicConstraints.notCertificateAuthority)
                // RFC 5280 §4.2.1.3: digitalSignature is all an ECDSA key needs in TLS (it signs the
                // handshake); critical, so the key is good for nothing else.
                Critical(KeyUsage(digitalSignature: true))
                // RFC 5280 §4.2.1.12: Apple platforms require id-kp-serverAuth on TLS server certificates.
                try ExtendedKeyUsage([.serverAuth])
                // RFC 5280 §4.2.1.6: the names the certificate is valid for; TLS clients match these and
                // ignore the common name. Not critical, since the subject is not empty.
                SubjectAlternativeNames(hosts.map(\.generalName))
                // RFC 5280 §4.2.1.1 and §4.2.1.2: which CA key signed this, and this key's own identifier.
                AuthorityKeyIdentifier(keyIdentifier: authority.keyIdentifier)
                SubjectKeyIdentifier(hash: publicKey)
            }
            let certificate = try Certificate(
                version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: publicKey,
                notValidBefore: notBefore, notValidAfter: notAfter, issuer: authority.certificate.subject,
                subject: subject, signatureAlgorithm: .ecdsaWithSHA256, extensions: extensions,
                issuerPrivateKey: Certificate.PrivateKey(authority.privateKey))
            return ServerCertificate(certificate: certificate, privateKey: key, hosts: hosts)
        } catch {
            throw .encoding("\(error)")
        }
    }
}
