import AppleArchive
import JSONText

/// The attributes a pack version takes from what ingest read in its bytes, merged with those the caller gave
/// — or the refusal of a contradiction. Pure: the inspection and the given values in, a value or an error out.
///
/// A raw Apple Archive's `Manifest.json` decides the pack's id (when none is given), policy, installation
/// events, platforms and `userInfo`; a given id, policy or platform list that says otherwise is refused with
/// both values named. A compressed or encrypted archive, which PackServe cannot read, needs an id and a policy.
struct ArchiveAttributes: Equatable {
    var id: String
    /// nil: leave the pack's value (or its default) as it is.
    var policy: PackPolicy?
    var installationEvents: [InstallationEventType]?
    var platforms: [ApplePlatform]?
    /// The archive's `userInfo` as canonical JSON, "" when it has none; nil for bytes that are no raw archive
    /// (the pack keeps the `userInfo` `set` gave it).
    var userInfo: String?
    /// What the Apple version follows: the content digest of a raw archive, else the bytes' SHA-256.
    var contentKey: String
    var archive: PackArchive?
    /// The whole `Manifest.json`, canonical JSON.
    var archiveManifest: String?

    /// - Parameters:
    ///   - path: what errors call the bytes (the user's path, or "the upload").
    static func resolve(
        _ inspection: ArchiveInspection, sha256: String, path: String, id: String?, policy: PackPolicy?,
        platforms: [ApplePlatform]?
    ) throws(PackStoreError) -> ArchiveAttributes {
        switch inspection.format {
        case .compressed(let magic, let algorithm):
            guard let id, policy != nil else {
                throw .unreadableArchive(path: path, container: "a compressed Apple Archive (\(magic), \(algorithm))")
            }
            return plain(id: id, policy: policy, platforms: platforms, sha256: sha256)
        case .encrypted:
            guard let id, policy != nil else { throw .unreadableArchive(path: path, container: "an encrypted Apple Archive") }
            return plain(id: id, policy: policy, platforms: platforms, sha256: sha256)
        case .notAnArchive:
            guard let id else { throw .missingPackID(path: path) }
            return plain(id: id, policy: policy, platforms: platforms, sha256: sha256)
        case .appleArchive:
            guard let contents = inspection.archive else { throw .missingPackID(path: path) }
            return try fromArchive(contents, path: path, id: id, policy: policy, platforms: platforms)
        }
    }

    private static func plain(id: String, policy: PackPolicy?, platforms: [ApplePlatform]?, sha256: String) -> Self {
        ArchiveAttributes(
            id: id, policy: policy, installationEvents: nil, platforms: platforms, userInfo: nil, contentKey: sha256,
            archive: nil, archiveManifest: nil)
    }

    private static func fromArchive(
        _ contents: ArchiveInspection.Contents, path: String, id givenID: String?, policy givenPolicy: PackPolicy?,
        platforms givenPlatforms: [ApplePlatform]?
    ) throws(PackStoreError) -> Self {
        let manifest = contents.manifest
        let archiveID = manifest?.assetPackID
        guard let id = givenID ?? archiveID else { throw .missingPackID(path: path) }
        try NameRules.validatePackID(id)
        if let archiveID, archiveID != id {
            throw .archiveContradiction(path: path, key: "assetPackID", archive: quoted(archiveID), given: quoted(id))
        }
        let archivePolicy = try manifest?.downloadPolicy.map { policy throws(PackStoreError) in
            try packPolicy(policy, path: path)
        }
        if let archivePolicy, let givenPolicy, archivePolicy.policy != givenPolicy {
            throw .archiveContradiction(
                path: path, key: "downloadPolicy", archive: archivePolicy.policy.rawValue,
                given: givenPolicy.rawValue)
        }
        // An empty list in the manifest means every platform: only a non-empty one restricts the pack.
        let archivePlatforms = try manifest.map { manifest throws(PackStoreError) in
            try applePlatforms(manifest.platforms, path: path)
        }
        if let archivePlatforms, let givenPlatforms, Set(archivePlatforms) != Set(givenPlatforms) {
            throw .archiveContradiction(
                path: path, key: "platforms", archive: platformList(archivePlatforms), given: platformList(givenPlatforms))
        }
        return ArchiveAttributes(
            id: id, policy: archivePolicy?.policy ?? givenPolicy, installationEvents: archivePolicy?.events,
            platforms: archivePlatforms ?? givenPlatforms,
            userInfo: try manifest?.userInfo.map { value throws(PackStoreError) in try canonicalText(value, path: path) } ?? "",
            contentKey: contents.contentDigest,
            archive: PackArchive(
                assetPackID: archiveID, entries: contents.entries, installedBytes: Int64(contents.installedBytes)),
            archiveManifest: try manifest.map { manifest throws(PackStoreError) in try canonicalText(manifest.document, path: path) })
    }

    /// `AssetPackManifest` bounds what it accepts, so this fails only for a value it would have refused.
    private static func canonicalText(_ value: JSONValue, path: String) throws(PackStoreError) -> String {
        do { return String(decoding: try value.canonicalJSON(), as: UTF8.self) } catch {
            throw .invalidArchive(path: path, reason: "Manifest.json cannot be written as JSON (\(error))")
        }
    }

    /// The store's policy and events for a manifest's `downloadPolicy` (no events listed: both).
    static func packPolicy(
        _ policy: AssetPackDownloadPolicy, path: String
    ) throws(PackStoreError) -> (policy: PackPolicy, events: [InstallationEventType]?) {
        switch policy {
        case .onDemand: return (.onDemand, nil)
        case .essential(let names): return (.essential, try events(names, path: path))
        case .prefetch(let names): return (.prefetch, try events(names, path: path))
        }
    }

    private static func events(_ names: [String], path: String) throws(PackStoreError) -> [InstallationEventType] {
        var events: Set<InstallationEventType> = []
        for name in names {
            guard let event = InstallationEventType(rawValue: name) else {
                throw .invalidArchive(path: path, reason: "Manifest.json: unknown installation event \(quoted(name))")
            }
            events.insert(event)
        }
        return events.isEmpty ? InstallationEventType.both : InstallationEventType.allCases.filter(events.contains)
    }

    /// The manifest's platform names (`iOS`, `macOS`, …; `iPadOS` runs iOS apps) as the store's, sorted.
    static func applePlatforms(_ names: [String], path: String) throws(PackStoreError) -> [ApplePlatform] {
        var platforms: Set<ApplePlatform> = []
        for name in names {
            let spelled = name.lowercased() == "ipados" ? "ios" : name
            guard let platform = try? ApplePlatform(parsing: spelled) else {
                throw .invalidArchive(path: path, reason: "Manifest.json: unknown platform \(quoted(name))")
            }
            platforms.insert(platform)
        }
        return platforms.sorted()
    }

    static func platformList(_ platforms: [ApplePlatform]) -> String {
        platforms.isEmpty ? "all" : "[" + Set(platforms).sorted().map(\.rawValue).joined(separator: ",") + "]"
    }

    static func quoted(_ text: String) -> String { "\"\(text)\"" }
}
