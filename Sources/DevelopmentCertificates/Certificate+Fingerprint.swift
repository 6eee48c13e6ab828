import Crypto
import SwiftASN1
import X509

extension Certificate {
    /// The certificate's DER encoding: what the profile carries and what fingerprints are taken over.
    func derBytes() throws(DevelopmentCertificatesError) -> [UInt8] {
        var serializer = DER.Serializer()
        do {
            try serializer.serialize(self)
        } catch {
            throw .encoding("\(error)")
        }
        return serializer.serializedBytes
    }

    /// SHA-256 over the DER, as `openssl x509 -fingerprint -sha256` and the iPhone's certificate details
    /// show it (upper-case hex pairs separated by colons), so a user can compare the two by eye.
    func sha256Fingerprint() throws(DevelopmentCertificatesError) -> String {
        SHA256.hash(data: try derBytes()).map { byte in
            let hex = String(byte, radix: 16, uppercase: true)
            return byte < 0x10 ? "0" + hex : hex
        }.joined(separator: ":")
    }

    /// PEM ("-----BEGIN CERTIFICATE-----"), newline-terminated, ready to be concatenated into a chain.
    func pemText() throws(DevelopmentCertificatesError) -> String {
        do {
            return try serializeAsPEM().pemString.withFinalNewline
        } catch {
            throw .encoding("\(error)")
        }
    }
}
