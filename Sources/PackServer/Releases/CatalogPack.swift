import Manifest
import PackKitWire
import PackStore

/// A pack as the catalog JSON shows it (`/tags`, `ls --json`): the manifest's pack object plus what managed
/// Background Assets add to it: the Apple version devices trust, the platforms and the installation events.
public struct CatalogPack: Sendable, Hashable, Encodable {
    public let pack: PackDescriptor
    public let appleVersion: Int
    /// Empty: every platform.
    public let platforms: [String]
    public let installationEventTypes: [String]
    /// Only for a pack that is a raw Apple Archive: `{"assetPackID","entries","installedBytes"}`.
    public let archive: PackArchive?

    public init(_ entry: PackEntry, url: String?) {
        pack = PackDescriptor(entry, url: url)
        appleVersion = entry.appleVersion
        platforms = entry.platforms.map(\.rawValue)
        installationEventTypes = entry.installationEvents.map(\.rawValue)
        archive = entry.archive
    }

    private enum CodingKeys: String, CodingKey { case appleVersion, platforms, installationEventTypes, archive }

    /// The manifest pack's keys and these in one object (the encoder sorts them all together).
    public func encode(to encoder: any Encoder) throws {
        try pack.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(appleVersion, forKey: .appleVersion)
        try container.encode(platforms, forKey: .platforms)
        try container.encode(installationEventTypes, forKey: .installationEventTypes)
        try container.encodeIfPresent(archive, forKey: .archive)
    }
}
