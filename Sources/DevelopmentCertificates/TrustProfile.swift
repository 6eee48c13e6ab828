import Crypto
import Foundation
import X509

/// An Apple configuration profile (`.mobileconfig`) whose one payload is the development CA, of type
/// `com.apple.security.root`. Installed on an iPhone (Settings › General › VPN & Device Management)
/// it adds the CA; the user then turns on full trust for it in Settings › General › About ›
/// Certificate Trust Settings, after which the device accepts the server certificates it signs.
public struct TrustProfile: Sendable {
    public let authority: CertificateAuthority

    public init(authority: CertificateAuthority) {
        self.authority = authority
    }

    /// The profile as an XML property list. The identifiers and UUIDs are derived from the CA's
    /// digest: the same CA always gives the same profile, so installing it again replaces the earlier
    /// copy on the device instead of adding a second one, and a new CA gives a new profile.
    public func propertyList() throws(DevelopmentCertificatesError) -> Data {
        let der = try authority.certificate.derBytes()
        let digest = Array(SHA256.hash(data: der))
        let identifier = "dev.packserve.development-ca." + digest.prefix(8).map { String(format: "%02x", $0) }.joined()
        let name = authority.commonName
        let certificatePayload: [String: Any] = [
            "PayloadCertificateFileName": "PackServe-CA.cer",
            "PayloadContent": Data(der),
            "PayloadDescription": "Adds \(name), the root that signs PackServe development servers' certificates.",
            "PayloadDisplayName": name,
            "PayloadIdentifier": identifier + ".root",
            "PayloadType": "com.apple.security.root",
            "PayloadUUID": Self.uuid(digest, purpose: "root"),
            "PayloadVersion": 1,
        ]
        let profile: [String: Any] = [
            "PayloadContent": [certificatePayload],
            "PayloadDescription": "Lets this device trust PackServe development servers. After installing, turn on "
                + "full trust for \(name) in Settings › General › About › Certificate Trust Settings.",
            "PayloadDisplayName": name,
            "PayloadIdentifier": identifier,
            "PayloadOrganization": "PackServe",
            "PayloadRemovalDisallowed": false,
            "PayloadType": "Configuration",
            "PayloadUUID": Self.uuid(digest, purpose: "profile"),
            "PayloadVersion": 1,
        ]
        do {
            return try PropertyListSerialization.data(fromPropertyList: profile, format: .xml, options: 0)
        } catch {
            throw .encoding("the configuration profile: \(error)")
        }
    }

    /// A UUID derived from the CA's digest and a purpose, marked as an RFC 9562 version 8 ("custom")
    /// UUID since it is derived rather than random.
    private static func uuid(_ digest: [UInt8], purpose: String) -> String {
        var b = Array(SHA256.hash(data: digest + Array(purpose.utf8)).prefix(16))
        b[6] = (b[6] & 0x0f) | 0x80
        b[8] = (b[8] & 0x3f) | 0x80
        let uuid = (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15])
        return UUID(uuid: uuid).uuidString
    }
}
