import Foundation
import ReleaseViews

/// `channels/{c}/current.json`: one signing of a channel as a bucket holds it (docs/channels.md "Buckets"),
/// written after every object it names. Replicas poll it with a conditional GET and serve its views from
/// its `notBefore`, all at once, as the root pointer's release.
public struct BucketChannelPointer: Sendable, Hashable, Codable {
    /// One view: a run of builds, the release it answers, and how its documents were made.
    public struct View: Sendable, Hashable, Codable {
        /// `ViewSegment.description`.
        public var segment: String
        public var release: Int
        /// Lowercase hex SHA-256 of the view's manifest payload.
        public var etag: String
        /// The names of its stored download-manifest bodies (`download-manifest`, `download-manifest-ios`, …).
        public var documents: [String]
        /// Its Apple versions where they differ from the release's own, by pack id.
        public var appleVersions: [String: Int]

        public init(segment: String, release: Int, etag: String, documents: [String], appleVersions: [String: Int]) {
            self.segment = segment
            self.release = release
            self.etag = etag
            self.documents = documents
            self.appleVersions = appleVersions
        }
    }

    public var channel: String
    /// The channel's manifest version: every view is signed at it.
    public var version: Int
    public var notBefore: Int64
    public var issuedAt: Int64
    public var expiresAt: Int64
    public var keyID: String
    /// The signer's settings (`StoredManifest.profile`).
    public var profile: String
    /// The settings the download manifests were encoded with (`DownloadManifestVariants.profile`).
    public var documentsProfile: String
    public var requireCredentials: Bool
    /// In build order.
    public var views: [View]
    /// The channel's live rollout; absent when none is (and in pointers written before rollouts).
    public var rollout: BucketChannelRollout?

    public init(
        channel: String, version: Int, notBefore: Int64, issuedAt: Int64, expiresAt: Int64, keyID: String,
        profile: String, documentsProfile: String, requireCredentials: Bool, views: [View], rollout: BucketChannelRollout? = nil
    ) {
        self.channel = channel
        self.version = version
        self.notBefore = notBefore
        self.issuedAt = issuedAt
        self.expiresAt = expiresAt
        self.keyID = keyID
        self.profile = profile
        self.documentsProfile = documentsProfile
        self.requireCredentials = requireCredentials
        self.views = views
        self.rollout = rollout
    }

    /// Every release it names: its views' and a live rollout's candidate.
    public var releases: Set<Int> {
        Set(views.map(\.release)).union(rollout.map { [$0.release] } ?? [])
    }

    /// Sorted keys, so equal pointers are equal bytes.
    public func encoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Array(try encoder.encode(self))
    }

    /// Decodes and checks (`problem`): whoever can write the bucket can write this document, and its names
    /// become keys and its numbers versions.
    public init(json: [UInt8], key: String) throws {
        self = try JSONDecoder().decode(Self.self, from: Data(json))
        if let problem { throw PackStoreError.untrustworthyDocument(name: key, problem: problem) }
    }

    /// The views as `ChannelViews`, nil when a segment does not parse.
    public var channelViews: ChannelViews? { Self.channelViews(of: views) }

    /// `views` as `ChannelViews`, nil when a segment does not parse.
    static func channelViews(of views: [View]) -> ChannelViews? {
        var segments: [ViewSegment] = []
        for view in views {
            guard let segment = ViewSegment(named: Substring(view.segment), release: view.release) else { return nil }
            segments.append(segment)
        }
        return ChannelViews(segments: segments)
    }

    /// Whether `views` are disjoint runs of builds in build order, as `ChannelViews` answers them.
    static func inBuildOrder(_ views: ChannelViews) -> Bool {
        zip(views.segments, views.segments.dropFirst()).allSatisfy { earlier, later in
            earlier.upper.map { $0 <= later.lower } ?? false
        }
    }

    /// The stored manifest of `view` (named `viewName`: a cohort view's is `ViewSegment.cohortViewName`), from
    /// its documents' bytes (the JWS without its payload).
    public func manifest(of view: View, named viewName: String, payload: [UInt8], signature: [UInt8], detachedJWS: String) -> StoredManifest {
        StoredManifest(
            channel: channel, view: viewName, version: version, release: view.release, issuedAt: issuedAt,
            expiresAt: expiresAt, keyID: keyID, payload: payload, payloadSignature: signature, detachedJWS: detachedJWS,
            profile: profile, notBefore: notBefore)
    }

    /// The first value that cannot be trusted, or nil.
    var problem: String? {
        if ChannelName(channel) == nil { return "channel \"\(channel.prefix(40))\" is not a channel name" }
        if version < 1 { return "version \(version) is below 1" }
        if views.isEmpty { return "no view" }
        guard let parsed = channelViews else { return "a view names no run of builds" }
        if !Self.inBuildOrder(parsed) { return "the views overlap or are out of order" }
        for view in views {
            if view.release < 1 { return "release \(view.release) is below 1" }
            if !StoredValueRules.isSHA256Hex(view.etag) { return "etag \"\(view.etag.prefix(80))\" is not 64 hex digits" }
            if let name = view.documents.first(where: { !BucketRelease.isDocumentName($0) }) {
                return "document name \"\(name.prefix(80))\" is not a name PackServe writes"
            }
            if let (id, number) = view.appleVersions.first(where: { !NameRules.isValidPackID($0.key) || $0.value < 1 }) {
                return "Apple version \(number) of \"\(id.prefix(80))\" cannot be served"
            }
        }
        return rollout?.problem
    }
}
