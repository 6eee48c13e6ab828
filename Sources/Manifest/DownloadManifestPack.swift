/// One asset pack in the download manifest of an app with managed Background Assets (the JSON that
/// `xcrun ba-package download-manifest create` writes). The system trusts `version`: it downloads a pack
/// again only when that number rises, and deletes packs the manifest no longer lists.
public struct DownloadManifestPack: Sendable, Hashable, Codable {
    public var id: String
    /// Absolute URL the system downloads the pack's bytes from.
    public var url: String
    /// The pack's Apple version (see PackStore's `PackEntry.appleVersion`).
    public var version: Int
    /// Bytes `url` serves.
    public var downloadSize: Int64
    public var downloadPolicy: DownloadPolicy
    /// Always `{"thirdParty":{}}`: this server, not Apple, hosts the pack.
    public var host: Host
    /// Passed through to the app untouched: what PackServe knows besides Apple's fields.
    public var userInfo: UserInfo

    public struct Host: Sendable, Hashable, Codable {
        public struct ThirdParty: Sendable, Hashable, Codable {}
        public var thirdParty = ThirdParty()
    }

    public struct UserInfo: Sendable, Hashable, Codable {
        public var sha256: String
        /// Sorted.
        public var tags: [String]
        /// The release the manifest describes.
        public var release: Int
    }

    public init(
        id: String, url: String, version: Int, downloadSize: Int64, downloadPolicy: DownloadPolicy, sha256: String,
        tags: [String], release: Int
    ) {
        self.id = id
        self.url = url
        self.version = version
        self.downloadSize = downloadSize
        self.downloadPolicy = downloadPolicy
        host = Host()
        userInfo = UserInfo(sha256: sha256, tags: tags, release: release)
    }
}
