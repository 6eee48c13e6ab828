import Crypto
import Foundation
import X509

/// The local root CA a test device trusts once. It is kept and reused across runs: replacing it would
/// silently break every device that already trusts it, so an incomplete or mismatched pair on disk is
/// refused rather than replaced.
public struct CertificateAuthority: Sendable {
    public let certificate: Certificate
    let privateKey: P256.Signing.PrivateKey

    /// Ten years: the CA is installed by hand on every test device, so it should outlive many leaves.
    /// Apple's 825-day limit applies to TLS server certificates, not to roots a user installs.
    static let validityDays = 3650

    /// A new CA named after this machine, e.g. "PackServe Development CA (build-box)", so a device
    /// trusting several developers' CAs shows which is which.
    public static func create(now: Date) throws(DevelopmentCertificatesError) -> CertificateAuthority {
        let key = P256.Signing.PrivateKey()
        let signingKey = Certificate.PrivateKey(key)
        let notBefore = now.addingTimeInterval(-DevelopmentCertificates.clockSkewAllowance)
        do {
            let name = try DistinguishedName {
                CommonName(commonName(host: machineName()))
                OrganizationName("PackServe development")
            }
            let extensions = try Certificate.Extensions {
                // RFC 5280 §4.2.1.9: CA:TRUE, critical, so verifiers accept certificates it signs; a path
                // length of 0 because it signs only leaves, never another CA.
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                // RFC 5280 §4.2.1.3: keyCertSign is what signing certificates needs; cRLSign is customary
                // for roots (some verifiers expect it) although no CRL is published.
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                // RFC 5280 §4.2.1.2: CA certificates MUST carry a subject key identifier; leaves point at
                // it with their authority key identifier, which is how chain builders pick the right CA.
                SubjectKeyIdentifier(hash: signingKey.publicKey)
            }
            let certificate = try Certificate(
                version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: signingKey.publicKey,
                notValidBefore: notBefore, notValidAfter: notBefore.addingTimeInterval(Double(validityDays) * 86_400),
                issuer: name, subject: name, signatureAlgorithm: .ecdsaWithSHA256, extensions: extensions,
                issuerPrivateKey: signingKey)
            return CertificateAuthority(certificate: certificate, privateKey: key)
        } catch {
            throw .encoding("\(error)")
        }
    }

    /// The CA stored in `files`, or nil when neither of its files exists. Refuses one file without the
    /// other, a key that is not the certificate's, a certificate that is not a CA, and an expired CA.
    public static func load(from files: CertificateFiles, now: Date) throws(DevelopmentCertificatesError)
        -> CertificateAuthority?
    {
        let certificatePath = files.authorityCertificate
        let keyPath = files.authorityKey
        let fileManager = FileManager.default
        switch (fileManager.fileExists(atPath: certificatePath), fileManager.fileExists(atPath: keyPath)) {
        case (false, false): return nil
        case (true, false): throw .incompleteAuthority(present: certificatePath, missing: keyPath)
        case (false, true): throw .incompleteAuthority(present: keyPath, missing: certificatePath)
        case (true, true): break
        }
        let certificate: Certificate
        do {
            certificate = try Certificate(pemEncoded: try String(contentsOfFile: certificatePath, encoding: .utf8))
        } catch {
            throw .unreadableAuthority(path: certificatePath, problem: "not a PEM certificate")
        }
        let key: P256.Signing.PrivateKey
        do {
            key = try P256.Signing.PrivateKey(pemRepresentation: try String(contentsOfFile: keyPath, encoding: .utf8))
        } catch {
            throw .unreadableAuthority(path: keyPath, problem: "not an ECDSA P-256 private key in PEM")
        }
        guard certificate.publicKey == Certificate.PublicKey(key.publicKey) else {
            throw .authorityMismatch(certificate: certificatePath, key: keyPath)
        }
        guard case .isCertificateAuthority = try? certificate.extensions.basicConstraints else {
            throw .unreadableAuthority(
                path: certificatePath, problem: "not a CA certificate (basicConstraints lacks CA:TRUE)")
        }
        guard certificate.notValidAfter > now else {
            throw .authorityExpired(certificate: certificatePath, notValidAfter: certificate.notValidAfter)
        }
        return CertificateAuthority(certificate: certificate, privateKey: key)
    }

    /// The subject's common name, e.g. "PackServe Development CA (build-box)": how a device lists the CA.
    public var commonName: String {
        for rdn in certificate.subject {
            for attribute in rdn where attribute.type == .RDNAttributeType.commonName {
                if let name = String(attribute.value) { return name }
            }
        }
        return certificate.subject.description
    }

    /// What certificates this CA issues name as their authority key identifier (RFC 5280 §4.2.1.1): its
    /// own subject key identifier, or for a CA made elsewhere without one, the same SHA-1 hash of its key
    /// that RFC 5280 §4.2.1.2 suggests.
    var keyIdentifier: ArraySlice<UInt8> {
        if let identifier = try? certificate.extensions.subjectKeyIdentifier { return identifier.keyIdentifier }
        return SubjectKeyIdentifier(hash: certificate.publicKey).keyIdentifier
    }

    /// The private key as PKCS#8 PEM ("-----BEGIN PRIVATE KEY-----"), which OpenSSL's PEM loaders read.
    var keyPEM: String { privateKey.pemRepresentation.withFinalNewline }

    /// RFC 5280 §4.1.2.6 bounds a common name at 64 characters; a long machine name is shortened.
    static func commonName(host: String) -> String {
        let prefix = "PackServe Development CA ("
        let room = 64 - prefix.count - 1
        let shortened = host.count > room ? String(host.prefix(room - 1)) + "…" : host
        return prefix + shortened + ")"
    }

    private static func machineName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "unknown host" }
        let name = String(cBuffer: buffer)
        return name.isEmpty ? "unknown host" : name
    }
}
