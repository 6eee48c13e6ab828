import Crypto
import Foundation
import Hex
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
        let identifier = "dev.packserve.development-ca." + Hex.string(digest.prefix(8))
        let name = authority.commonName
        let certificate = CertificatePayload(
            certificateFileName: "PackServe-CA.cer", content: Data(der),
            description: "Adds \(name), the root that signs PackServe development servers' certificates.",
            displayName: name, identifier: identifier + ".root", type: "com.apple.security.root",
            uuid: Self.uuid(digest, purpose: "root"), version: 1)
        let profile = Profile(
            content: [certificate],
            description: "Lets this device trust PackServe development servers. After installing, turn on "
                + "full trust for \(name) in Settings › General › About › Certificate Trust Settings.",
            displayName: name, identifier: identifier, organization: "PackServe", removalDisallowed: false,
            type: "Configuration", uuid: Self.uuid(digest, purpose: "profile"), version: 1)
        // PropertyListEncoder, not PropertyListSerialization: the latter goes through CoreFoundation's
        // bridging, which fails in the statically linked binary the container runs.
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .xml
        do {
            return try encoder.encode(profile)
        } catch {
            throw .encoding("the configuration profile: \(error)")
        }
    }

    /// The profile's top level (Apple's Configuration Profile Reference: the `Payload…` keys).
    private struct Profile: Encodable {
        let content: [CertificatePayload]
        let description, displayName, identifier, organization: String
        let removalDisallowed: Bool
        let type, uuid: String
        let version: Int

        enum CodingKeys: String, CodingKey {
            case content = "PayloadContent", description = "PayloadDescription", displayName = "PayloadDisplayName"
            case identifier = "PayloadIdentifier", organization = "PayloadOrganization"
            case removalDisallowed = "PayloadRemovalDisallowed", type = "PayloadType", uuid = "PayloadUUID"
            case version = "PayloadVersion"
        }
    }

    /// The `com.apple.security.root` payload: the CA certificate in DER.
    private struct CertificatePayload: Encodable {
        let certificateFileName: String
        let content: Data
        let description, displayName, identifier, type, uuid: String
        let version: Int

        enum CodingKeys: String, CodingKey {
            case certificateFileName = "PayloadCertificateFileName", content = "PayloadContent"
            case description = "PayloadDescription", displayName = "PayloadDisplayName"
            case identifier = "PayloadIdentifier", type = "PayloadType", uuid = "PayloadUUID", version = "PayloadVersion"
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
