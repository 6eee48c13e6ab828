import JSONText

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
    /// Passed through to the app untouched: the pack's own (an Apple Archive's `Manifest.json` `userInfo`, or
    /// what `set --user-info` gave), else what PackServe knows besides Apple's fields.
    public var userInfo: UserInfo

    public struct Host: Sendable, Hashable, Codable {
        public struct ThirdParty: Sendable, Hashable, Codable {}
        public var thirdParty = ThirdParty()
    }

    public enum UserInfo: Sendable, Hashable, Codable {
        /// `{"release","sha256","tags"}`: the release the manifest describes, the bytes' SHA-256, the tags (sorted).
        case packServe(sha256: String, tags: [String], release: Int)
        /// The pack's own, as canonical JSON (sorted keys, no whitespace): written as it is.
        case own(canonicalJSON: String)

        public init(from decoder: any Decoder) throws {
            let value = try JSONValue(from: decoder)
            if case .object(let members) = value, members.count == 3, case .string(let sha256)? = members["sha256"],
               case .integer(let release)? = members["release"], case .array(let items)? = members["tags"]
            {
                let tags = items.compactMap { if case .string(let tag) = $0 { tag } else { nil } }
                if tags.count == items.count {
                    self = .packServe(sha256: sha256, tags: tags, release: Int(release))
                    return
                }
            }
            self = .own(canonicalJSON: String(decoding: try value.canonicalJSON(), as: UTF8.self))
        }

        public func encode(to encoder: any Encoder) throws {
            switch self {
            case .packServe(let sha256, let tags, let release):
                let members: [String: JSONValue] = [
                    "release": .integer(Int64(release)), "sha256": .string(sha256), "tags": .array(tags.map { .string($0) }),
                ]
                try JSONValue.object(members).encode(to: encoder)
            case .own(let json):
                try JSONValue(json: Array(json.utf8)).encode(to: encoder)
            }
        }
    }

    public init(
        id: String, url: String, version: Int, downloadSize: Int64, downloadPolicy: DownloadPolicy, sha256: String,
        tags: [String], release: Int, userInfo: String? = nil
    ) {
        self.id = id
        self.url = url
        self.version = version
        self.downloadSize = downloadSize
        self.downloadPolicy = downloadPolicy
        host = Host()
        self.userInfo = userInfo.map { .own(canonicalJSON: $0) } ?? .packServe(sha256: sha256, tags: tags, release: release)
    }
}
