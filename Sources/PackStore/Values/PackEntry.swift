/// One pack as listed in the draft or in a release: the manifest's pack fields except `url`, which depends on the
/// server's public base URL. Encodes to the `ls --json` object shape of docs/api.md.
public struct PackEntry: Sendable, Hashable, Codable {
    public var id: String
    public var version: Int
    /// Bytes.
    public var size: Int64
    /// Lowercase hex.
    public var sha256: String
    /// Sorted, without duplicates.
    public var tags: [String]
    public var policy: PackPolicy
    public var order: Int
    public var contentType: String
    /// The platforms the pack is for, sorted; empty means every platform.
    public var platforms: [ApplePlatform]
    /// When the system downloads it (essential and prefetch packs of managed apps).
    public var installationEvents: [InstallationEventType]
    /// Whether downloading the bytes needs credentials (docs/api.md "Private packs").
    public var access: PackAccess
    /// The version devices trust (the download manifest's `version`): it rises by one in every release whose
    /// bytes for this id differ from the release before, and never falls. For a draft, what the next
    /// publish would make it.
    public var appleVersion: Int
    /// Set when the pack's bytes are a raw Apple Archive.
    public var archive: PackArchive?
    /// The pack's own `userInfo` for the download manifest, as canonical JSON: its archive's, or the one `set
    /// --user-info` gave; nil for PackServe's `{"release","sha256","tags"}`. Not in `ls --json`.
    public var userInfo: String?

    private enum CodingKeys: String, CodingKey {
        case id, version, size, sha256, tags, policy, order, contentType, platforms, installationEvents, access
        case appleVersion, archive
    }

    public init(
        id: String, version: Int, size: Int64, sha256: String, tags: [String], policy: PackPolicy, order: Int,
        contentType: String, platforms: [ApplePlatform] = [],
        installationEvents: [InstallationEventType] = InstallationEventType.both, access: PackAccess = .public,
        appleVersion: Int = 1, archive: PackArchive? = nil, userInfo: String? = nil
    ) {
        self.id = id
        self.version = version
        self.size = size
        self.sha256 = sha256
        self.tags = tags
        self.policy = policy
        self.order = order
        self.contentType = contentType
        self.platforms = platforms
        self.installationEvents = installationEvents
        self.access = access
        self.appleVersion = appleVersion
        self.archive = archive
        self.userInfo = userInfo
    }
}
