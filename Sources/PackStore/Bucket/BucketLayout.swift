/// The keys of a published bucket (docs/object-storage.md "Bucket layout"), under an optional prefix:
///
///     blobs/sha256/{hex}                         pack bytes, named by digest (immutable)
///     releases/{n}/release.json                  what a replica needs to serve release n (`BucketRelease`)
///     releases/{n}/download-manifest.json        the managed-app download manifest, and
///     releases/{n}/download-manifest-{p}.json    its variant for platform p (only when a pack names platforms)
///     releases/{n}/tags/{tag}                    the `/tags/{tag}` documents
///     releases/{n}/manifests/{v}/manifest        manifest version v of release n: the compact JWS,
///     releases/{n}/manifests/{v}/manifest.json   its payload,
///     releases/{n}/manifests/{v}/manifest.json.sig  and the payload's raw Ed25519 signature
///     access/download-tokens.json                digests of the `download` tokens (replaced whole)
///     backup/index.sqlite                        the publisher's index, for a new publisher (replaced whole)
///     current.json                               the pointer (`BucketPointer`), written last
///
/// and for channels (docs/channels.md "Buckets"): production's views as every other channel's, beside the
/// root pointer that stays production's view for clients that name no build (what earlier replicas read):
///
///     channels/{c}/versions/{v}/{segment}/manifest, manifest.json, manifest.json.sig, download-manifest….json
///                                                the documents of channel c's view for a run of builds, signed
///                                                at version v (the release's record is releases/{n}/release.json)
///     channels/{c}/current.json                  channel c's pointer (`BucketChannelPointer`), written last
///     builds.json                                the build map (`BucketBuildMap`, replaced whole)
///
/// Everything but the pointer and the token list is written once and never changed: a renewal is a new
/// manifest version under new keys, so a reader holding an older pointer still finds every object it names.
/// Below `releases/{n}/` the names are the server's own paths, so a static host serves a release directory
/// as a document root and the blobs beside it.
public struct BucketLayout: Sendable, Hashable {
    /// Empty, or ends with `/`.
    public let prefix: String

    /// - Parameter prefix: a key prefix shared by every object (`""`: the bucket's root); a missing final `/` is added.
    public init(prefix: String = "") {
        self.prefix = prefix.isEmpty || prefix.hasSuffix("/") ? prefix : prefix + "/"
    }

    public var pointer: String { prefix + "current.json" }
    public var downloadTokens: String { prefix + "access/download-tokens.json" }
    public var indexBackup: String { prefix + "backup/index.sqlite" }
    public var blobsPrefix: String { prefix + "blobs/sha256/" }
    public var releasesPrefix: String { prefix + "releases/" }
    public var channelsPrefix: String { prefix + "channels/" }
    public var buildMap: String { prefix + "builds.json" }

    public func blob(_ sha256: String) -> String { blobsPrefix + sha256 }
    public func releaseDirectory(_ release: Int) -> String { "\(releasesPrefix)\(release)/" }
    public func releaseRecord(_ release: Int) -> String { releaseDirectory(release) + "release.json" }
    /// `name` as `DownloadManifestVariants.documentName` gives it (`download-manifest`, `download-manifest-ios`).
    public func downloadManifest(_ release: Int, name: String) -> String { releaseDirectory(release) + name + ".json" }
    public func tagDocument(_ release: Int, tag: String) -> String { releaseDirectory(release) + "tags/" + tag }
    public func manifestDirectory(_ release: Int, version: Int) -> String { releaseDirectory(release) + "manifests/\(version)/" }
    public func manifestJWS(_ release: Int, version: Int) -> String { manifestDirectory(release, version: version) + "manifest" }
    public func manifestPayload(_ release: Int, version: Int) -> String { manifestDirectory(release, version: version) + "manifest.json" }
    public func manifestSignature(_ release: Int, version: Int) -> String {
        manifestDirectory(release, version: version) + "manifest.json.sig"
    }

    public func channelPointer(_ channel: String) -> String { channelsPrefix + channel + "/current.json" }
    public func channelVersionDirectory(_ channel: String, version: Int) -> String {
        channelsPrefix + "\(channel)/versions/\(version)/"
    }
    /// `segment` as `ViewSegment.description` writes it (`0.0.0-`, `1.10.0-2.0.0`): digits, periods and a dash.
    public func viewDirectory(_ channel: String, version: Int, segment: String) -> String {
        channelVersionDirectory(channel, version: version) + segment + "/"
    }
    public func viewManifestJWS(_ channel: String, version: Int, segment: String) -> String {
        viewDirectory(channel, version: version, segment: segment) + "manifest"
    }
    public func viewManifestPayload(_ channel: String, version: Int, segment: String) -> String {
        viewDirectory(channel, version: version, segment: segment) + "manifest.json"
    }
    public func viewManifestSignature(_ channel: String, version: Int, segment: String) -> String {
        viewDirectory(channel, version: version, segment: segment) + "manifest.json.sig"
    }
    public func viewDownloadManifest(_ channel: String, version: Int, segment: String, name: String) -> String {
        viewDirectory(channel, version: version, segment: segment) + name + ".json"
    }

    /// The channel whose pointer `key` is (`channels/{c}/current.json`), or nil for any other key.
    public func channel(ofPointerKey key: String) -> String? {
        guard key.hasPrefix(channelsPrefix), key.hasSuffix("/current.json") else { return nil }
        let name = key.dropFirst(channelsPrefix.count).dropLast("/current.json".count)
        return name.contains("/") ? nil : String(name)
    }

    /// The channel and version of a key under a channel's signing (`channels/{c}/versions/{v}/…`), or nil.
    public func channelVersion(ofKey key: String) -> (channel: String, version: Int)? {
        guard key.hasPrefix(channelsPrefix) else { return nil }
        let parts = key.dropFirst(channelsPrefix.count).split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count >= 3, parts[1] == "versions", let version = Int(parts[2]) else { return nil }
        return (String(parts[0]), version)
    }

    /// The digest a blob key names, or nil for any other key (or a malformed digest).
    public func sha256(ofBlobKey key: String) -> String? {
        guard key.hasPrefix(blobsPrefix) else { return nil }
        let hex = key.dropFirst(blobsPrefix.count)
        guard hex.utf8.count == 64, hex.utf8.allSatisfy(Self.isLowercaseHex) else { return nil }
        return String(hex)
    }

    /// The release a key under `releases/` belongs to, or nil for any other key.
    public func release(ofKey key: String) -> Int? {
        guard key.hasPrefix(releasesPrefix) else { return nil }
        let rest = key.dropFirst(releasesPrefix.count)
        guard let slash = rest.firstIndex(of: "/") else { return nil }
        return Int(rest[..<slash])
    }

    private static func isLowercaseHex(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
    }
}
