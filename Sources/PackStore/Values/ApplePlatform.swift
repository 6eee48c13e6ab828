/// An Apple platform a pack is for (`set ID --platform`). A pack with no platform is for every platform;
/// the download manifest's `?platform=P` variant lists only the packs for P.
public enum ApplePlatform: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case iOS = "ios"
    case macOS = "macos"
    case tvOS = "tvos"
    case visionOS = "visionos"

    /// Case-insensitive, so `iOS` and `visionOS` as Apple spells them work too.
    public init(parsing text: String) throws(PackStoreError) {
        guard let platform = ApplePlatform(rawValue: text.lowercased()) else { throw .unknownPlatform(text) }
        self = platform
    }

    public static func < (lhs: ApplePlatform, rhs: ApplePlatform) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Whether a pack restricted to `platforms` (empty: every platform) is for this one.
    public func includes(_ platforms: [ApplePlatform]) -> Bool {
        platforms.isEmpty || platforms.contains(self)
    }
}
