/// Why the rollback guard refused a correctly signed manifest.
public enum RollbackRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// A version lower than one accepted before from the same issuer and channel: an old, validly signed
    /// manifest replayed: a rollback.
    case lowerVersion(version: Int, highest: Int, issuer: String, channel: String)
    /// The version accepted before, but other payload bytes: one signing never has two contents.
    case sameVersionOtherBytes(version: Int, issuer: String, channel: String)

    public var description: String {
        switch self {
        case .lowerVersion(let version, let highest, let issuer, let channel):
            "version \(version) is lower than \(highest), already accepted from \(issuer) channel \(channel): a rollback"
        case .sameVersionOtherBytes(let version, let issuer, let channel):
            "version \(version) from \(issuer) channel \(channel) was accepted before with other bytes"
        }
    }
}
