import DevelopmentCertificates
import Foundation
import Testing
import X509

/// PackServe-CA.mobileconfig: an XML configuration profile with the keys iOS requires, whose one
/// payload installs exactly the CA in ca.pem.
@Suite struct TrustProfileTests {
    @Test func profileIsAnXMLPlistWhosePayloadIsTheCA() throws {
        let dir = try GeneratedDirectory()
        let result = try dir.generate()
        let data = try Data(contentsOf: URL(fileURLWithPath: dir.files.trustProfile))
        #expect(String(decoding: data.prefix(5), as: UTF8.self) == "<?xml")
        var format = PropertyListSerialization.PropertyListFormat.binary
        let profile = try #require(
            try PropertyListSerialization.propertyList(from: data, options: [], format: &format) as? [String: Any])
        #expect(format == .xml)
        #expect(profile["PayloadType"] as? String == "Configuration")
        #expect(profile["PayloadVersion"] as? Int == 1)
        #expect(profile["PayloadDisplayName"] as? String == result.authorityName)
        #expect((profile["PayloadIdentifier"] as? String)?.hasPrefix("dev.packserve.development-ca.") == true)
        let payloads = try #require(profile["PayloadContent"] as? [[String: Any]])
        #expect(payloads.count == 1)
        let root = try #require(payloads.first)
        #expect(root["PayloadType"] as? String == "com.apple.security.root")
        #expect(root["PayloadVersion"] as? Int == 1)
        #expect(root["PayloadCertificateFileName"] as? String == "PackServe-CA.cer")
        for key in ["PayloadDescription", "PayloadDisplayName", "PayloadIdentifier"] {
            #expect((root[key] as? String)?.isEmpty == false, "\(key)")
        }
        let uuids = [profile["PayloadUUID"], root["PayloadUUID"]].compactMap { ($0 as? String).flatMap(UUID.init) }
        #expect(uuids.count == 2 && uuids[0] != uuids[1])
        let der = try #require(root["PayloadContent"] as? Data)
        #expect(try Certificate(derEncoded: Array(der)) == dir.authority())
    }

    @Test func aNewCAGetsANewIdentityInItsProfile() throws {
        func identifiers(_ dir: GeneratedDirectory) throws -> [String] {
            try dir.generate()
            let data = try Data(contentsOf: URL(fileURLWithPath: dir.files.trustProfile))
            let profile = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
            return [profile["PayloadIdentifier"], profile["PayloadUUID"]].compactMap { $0 as? String }
        }
        let first = try identifiers(GeneratedDirectory())
        let second = try identifiers(GeneratedDirectory())
        #expect(first.count == 2 && second.count == 2)
        #expect(first[0] != second[0] && first[1] != second[1])
    }
}
