import Crypto
import X509

/// A TLS server certificate issued by the development CA, with its private key.
public struct ServerCertificate: Sendable {
    public let certificate: Certificate
    let privateKey: P256.Signing.PrivateKey

    /// The hosts the certificate names, in the order they were asked for.
    public let hosts: [HostName]

    /// The chain file's text: this certificate, then the CA's, the order a TLS server sends them in
    /// (RFC 8446 §4.4.2: the sender's certificate comes first) and what OpenSSL's
    /// `SSL_CTX_use_certificate_chain_file` expects.
    func chainPEM(authority: CertificateAuthority) throws(DevelopmentCertificatesError) -> String {
        try certificate.pemText() + authority.certificate.pemText()
    }

    /// PKCS#8 PEM ("-----BEGIN PRIVATE KEY-----"), which OpenSSL's `SSL_CTX_use_PrivateKey_file` reads.
    var keyPEM: String { privateKey.pemRepresentation.withFinalNewline }
}
