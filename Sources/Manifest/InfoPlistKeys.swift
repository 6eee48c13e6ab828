import Foundation
import JSONText

/// The Info.plist keys `packserve plist` prints, as an Encodable value so the same keys become XML (through
/// `PropertyListEncoder`) or JSON. PropertyListEncoder, not PropertyListSerialization: the latter goes
/// through CoreFoundation's bridging, which fails in the statically linked binary the container runs
/// ("property lists cannot contain objects of type 'Not A Type'"). Keys left nil are left out.
public struct InfoPlistKeys: Encodable, Sendable, Equatable {
    /// `BAInitialDownloadRestrictions` (managed and unmanaged apps spell it the same).
    public struct InitialDownloadRestrictions: Encodable, Sendable, Equatable {
        var downloadAllowance: Int64
        var essentialDownloadAllowance: Int64
        var domainAllowList: [String]

        enum CodingKeys: String, CodingKey {
            case downloadAllowance = "BADownloadAllowance"
            case essentialDownloadAllowance = "BAEssentialDownloadAllowance"
            case domainAllowList = "BADownloadDomainAllowList"
        }
    }

    var hasManagedAssetPacks: Bool?
    var usesAppleHosting: Bool?
    var appGroupID: String?
    var manifestURL: String
    var initialDownloadRestrictions: InitialDownloadRestrictions
    var maxInstallSize: Int64?
    var essentialMaxInstallSize: Int64?

    enum CodingKeys: String, CodingKey {
        case hasManagedAssetPacks = "BAHasManagedAssetPacks"
        case usesAppleHosting = "BAUsesAppleHosting"
        case appGroupID = "BAAppGroupID"
        case manifestURL = "BAManifestURL"
        case initialDownloadRestrictions = "BAInitialDownloadRestrictions"
        case maxInstallSize = "BAMaxInstallSize"
        case essentialMaxInstallSize = "BAEssentialMaxInstallSize"
    }

    /// An XML property list holding just these keys; paste its `<key>`s into the app's Info.plist.
    public func xml() throws -> String {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .xml
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    /// The same keys as JSON, sorted.
    public func json() throws -> String {
        try CanonicalJSON.string(self)
    }
}
