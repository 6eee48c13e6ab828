import Foundation

extension ReleaseSnapshot {
    /// One pack of a release, with where its bytes are on disk.
    public struct Pack: Sendable, Hashable {
        public let id: String
        public let version: Int
        /// Absolute path of the blob file.
        public let blobPath: String
        public let size: Int64
        /// Lowercase hex; also the strong ETag.
        public let sha256: String
        public let contentType: String
        /// Sorted.
        public let tags: [String]
        public let policy: PackPolicy
        public let order: Int
        /// Sorted; empty means every platform.
        public let platforms: [ApplePlatform]
        public let installationEvents: [InstallationEventType]
        public let access: PackAccess
        /// The version devices trust (see `PackEntry.appleVersion`).
        public let appleVersion: Int

        public init(
            id: String, version: Int, blobPath: String, size: Int64, sha256: String, contentType: String,
            tags: [String], policy: PackPolicy, order: Int, platforms: [ApplePlatform] = [],
            installationEvents: [InstallationEventType] = InstallationEventType.both, access: PackAccess = .public,
            appleVersion: Int = 1
        ) {
            self.id = id
            self.version = version
            self.blobPath = blobPath
            self.size = size
            self.sha256 = sha256
            self.contentType = contentType
            self.tags = tags
            self.policy = policy
            self.order = order
            self.platforms = platforms
            self.installationEvents = installationEvents
            self.access = access
            self.appleVersion = appleVersion
        }

        /// The listing form (manifest pack fields except `url`).
        public var entry: PackEntry {
            PackEntry(
                id: id, version: version, size: size, sha256: sha256, tags: tags, policy: policy, order: order,
                contentType: contentType, platforms: platforms, installationEvents: installationEvents,
                access: access, appleVersion: appleVersion)
        }
    }
}
