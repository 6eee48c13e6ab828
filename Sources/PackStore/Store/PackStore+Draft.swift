import AppleArchive
import Foundation
import GRDB

/// Editing the draft: `add`, `rm`, `tag`, `set`, `ls`.
extension PackStore {
    /// Ingests a file (a directory is zipped first) as a new version of pack `id` in the draft.
    ///
    /// Crash-safe order: copy to `tmp/` while hashing (and reading it as an Apple Archive) → fsync → rename to
    /// the blob address → fsync the directory → commit the index rows in one transaction. Attributes left `nil`
    /// keep the pack's current value; a new (or previously removed) pack gets `on-demand`, order 0 and a content
    /// type inferred from the file (`application/zip` for `.zip` files and zipped directories, else
    /// `application/octet-stream`). `tags` are added to the pack's existing tags.
    ///
    /// A raw Apple Archive's `Manifest.json` gives the id (`id` may then be nil), policy, installation events,
    /// platforms and `userInfo`; an `id`, `policy` or `platforms` that contradicts it is refused and nothing is
    /// kept (`ArchiveAttributes`).
    ///
    /// - Parameter progress: called on the calling thread with bytes copied so far and the total, at most about
    ///   ten times a second, and once at the end.
    @discardableResult
    public func add(
        file: URL, id: String?, tags: [String] = [], policy: PackPolicy? = nil, order: Int? = nil,
        contentType: String? = nil, platforms: [ApplePlatform]? = nil, limits: IngestLimits = IngestLimits(),
        progress: ((_ bytesDone: Int64, _ bytesTotal: Int64) -> Void)? = nil
    ) throws(PackStoreError) -> PackVersion {
        try Self.validateAttributes(id: id, tags: tags, order: order, contentType: contentType)
        let path = file.path
        guard let info = try POSIX.status(atPath: path) else { throw .fileNotFound(path: path) }
        let isDirectory = POSIX.isDirectory(info)
        guard isDirectory || POSIX.isRegularFile(info) else { throw .notARegularFile(path: path) }

        let ingest = Ingest(blobs: blobs, limits: limits, progress: progress)
        return try FileLock.withLock(blobs.ingestLockPath, .shared) { () throws(PackStoreError) in
            let ingested: IngestedFile
            if isDirectory {
                let zipPath = try DirectoryArchiver.zip(directory: path, into: blobs, maxPackBytes: limits.maxPackBytes)
                defer { try? POSIX.removeFile(zipPath) }
                ingested = try ingest.copyToTemp(from: zipPath, displayPath: path)
            } else {
                ingested = try ingest.copyToTemp(from: path, displayPath: path)
            }
            let inferredType = isDirectory || file.pathExtension.lowercased() == "zip"
                ? "application/zip" : "application/octet-stream"
            let attributes = try Self.resolve(ingested, path: path, id: id, policy: policy, platforms: platforms)
            return try installAndCommit(
                ingested, attributes, tags: tags, order: order, contentType: contentType, inferredType: inferredType,
                originalFilename: file.lastPathComponent)
        }
    }

    /// Receives a pack from `source` (an upload) as a new version of pack `id`, with `add(file:)`'s crash-safe
    /// order: into `tmp/` while hashing → fsync → rename to the blob address → fsync the directory → the index
    /// rows. Arguments are checked before the first byte is pulled. Nothing is kept when the source fails, sends
    /// more than `limits` allow or fewer than `expectedSize` bytes, or hashes to another digest than
    /// `expectedSHA256` (32 bytes).
    @discardableResult
    public func add(
        receiving source: inout some PackByteSource, id: String, expectedSize: Int64? = nil,
        expectedSHA256: [UInt8]? = nil, tags: [String] = [], policy: PackPolicy? = nil, order: Int? = nil,
        contentType: String? = nil, platforms: [ApplePlatform]? = nil, originalFilename: String = "",
        limits: IngestLimits = IngestLimits()
    ) throws(PackStoreError) -> PackVersion {
        try Self.validateAttributes(id: id, tags: tags, order: order, contentType: contentType)
        let ingest = StreamIngest(blobs: blobs, limits: limits)
        return try FileLock.withLock(blobs.ingestLockPath, .shared) { () throws(PackStoreError) in
            let ingested = try ingest.receiveToTemp(
                from: &source, expectedSize: expectedSize, expectedSHA256: expectedSHA256)
            let attributes = try Self.resolve(ingested, path: "the upload", id: id, policy: policy, platforms: platforms)
            return try installAndCommit(
                ingested, attributes, tags: tags, order: order, contentType: contentType,
                inferredType: "application/octet-stream", originalFilename: originalFilename)
        }
    }

    /// Checks what `add` is asked to record, before any byte is read (an id left to the archive is checked
    /// once it is read).
    public static func validateAttributes(
        id: String?, tags: [String], order: Int?, contentType: String?
    ) throws(PackStoreError) {
        if let id { try NameRules.validatePackID(id) }
        for tag in tags { try NameRules.validateTag(tag) }
        if let order { try validateOrder(order) }
        if let contentType { try validateContentType(contentType) }
    }

    /// The attributes `ingested` takes from its bytes and the caller; a refusal removes the temp file.
    private static func resolve(
        _ ingested: IngestedFile, path: String, id: String?, policy: PackPolicy?, platforms: [ApplePlatform]?
    ) throws(PackStoreError) -> ArchiveAttributes {
        do throws(PackStoreError) {
            return try ArchiveAttributes.resolve(
                ingested.inspection, sha256: ingested.sha256, path: path, id: id, policy: policy, platforms: platforms)
        } catch {
            try? POSIX.removeFile(ingested.tempPath)
            throw error
        }
    }

    /// Moves an ingested temp file to its blob address, then commits the version in the index.
    private func installAndCommit(
        _ ingested: IngestedFile, _ attributes: ArchiveAttributes, tags: [String], order: Int?,
        contentType: String?, inferredType: String, originalFilename: String
    ) throws(PackStoreError) -> PackVersion {
        let id = attributes.id
        let reused: Bool
        do throws(PackStoreError) {
            reused = try blobs.install(tempPath: ingested.tempPath, sha256: ingested.sha256, size: ingested.size)
        } catch {
            try? POSIX.removeFile(ingested.tempPath)
            throw error
        }
        let versionRow = PackVersionRecord(
            packId: id, version: 0, sha256: ingested.sha256, size: ingested.size,
            createdAt: Self.now(), originalFilename: originalFilename, contentKey: attributes.contentKey,
            archiveEntries: attributes.archive?.entries, installedBytes: attributes.archive?.installedBytes,
            assetPackID: attributes.archive?.assetPackID, archiveManifest: attributes.archiveManifest)
        let (committed, unchanged) = try write { db in
            try Self.commitVersion(
                versionRow, attributes, tags: tags, order: order,
                contentType: contentType ?? inferredType, contentTypeIsExplicit: contentType != nil, db)
        }
        return PackVersion(
            id: id, version: committed.version, size: committed.size, sha256: committed.sha256,
            createdAt: committed.createdAt, originalFilename: committed.originalFilename,
            reusedExistingBlob: reused, unchanged: unchanged, format: ingested.inspection.format,
            archive: attributes.archive)
    }

    /// Removes pack `id` from the draft (its tags too). Published releases keep it; a later `add` revives the id
    /// with the next version number.
    public func remove(id: String) throws(PackStoreError) {
        try NameRules.validatePackID(id)
        try write { db in
            var pack = try Self.livePack(id, db)
            pack.currentVersion = nil
            try pack.update(db)
            try PackTagRecord.filter(Column("packId") == id).deleteAll(db)
        }
    }

    /// Adds and removes tags of a draft pack (adding a present tag or removing an absent one is not an error).
    /// Returns the pack's tags afterwards, sorted.
    @discardableResult
    public func tag(id: String, add: [String] = [], remove: [String] = []) throws(PackStoreError) -> [String] {
        try NameRules.validatePackID(id)
        for tag in add + remove { try NameRules.validateTag(tag) }
        return try write { db in
            _ = try Self.livePack(id, db)
            try PackTagRecord.filter(Column("packId") == id && remove.contains(Column("tag"))).deleteAll(db)
            for tag in add { try PackTagRecord(packId: id, tag: tag).insert(db, onConflict: .ignore) }
            return try String.fetchAll(
                db, sql: "SELECT tag FROM packTag WHERE packId = ? ORDER BY tag", arguments: [id])
        }
    }

    /// Changes a draft pack's attributes; `nil` leaves one unchanged. `platforms` empty means every platform;
    /// `installationEvents` must not be empty. `userInfo` is a JSON document for the download manifest (`null`:
    /// PackServe's own again), for packs that are not Apple Archives; an archive's policy and platforms cannot
    /// be set to anything but what its `Manifest.json` says. Returns the pack as the draft now lists it.
    @discardableResult
    public func set(
        id: String, policy: PackPolicy? = nil, order: Int? = nil, contentType: String? = nil,
        platforms: [ApplePlatform]? = nil, installationEvents: [InstallationEventType]? = nil,
        access: PackAccess? = nil, userInfo: [UInt8]? = nil
    ) throws(PackStoreError) -> PackEntry {
        try NameRules.validatePackID(id)
        if let order { try Self.validateOrder(order) }
        if let contentType { try Self.validateContentType(contentType) }
        if let installationEvents, installationEvents.isEmpty { throw .unknownInstallationEvents("") }
        let userInfoText = try userInfo.map { json throws(PackStoreError) in try Self.canonicalUserInfo(json) }
        return try write { db in
            var pack = try Self.livePack(id, db)
            try Self.checkArchiveAttributes(
                pack, policy: policy, platforms: platforms, installationEvents: installationEvents,
                setsUserInfo: userInfo != nil, db)
            if let userInfoText { pack.userInfo = userInfoText }
            if let policy { pack.policy = policy.rawValue }
            if let order { pack.fetchOrder = order }
            if let contentType { pack.contentType = contentType }
            if let platforms { pack.platforms = ReleasePackRecord.encodePlatforms(platforms) }
            if let installationEvents { pack.installationEvents = ReleasePackRecord.encodeEvents(installationEvents) }
            if let access { pack.access = access.rawValue }
            try pack.update(db)
            return try Self.draftEntries(db, packID: id)[0]
        }
    }

    /// The draft, sorted by id; with `tag`, only the packs carrying it.
    public func listDraft(tag: String? = nil) throws(PackStoreError) -> [PackEntry] {
        if let tag { try NameRules.validateTag(tag) }
        return try read { db in try Self.draftEntries(db, tag: tag) }
    }

    /// One pack of the draft, or `unknownPackID`.
    public func draftEntry(id: String) throws(PackStoreError) -> PackEntry {
        try NameRules.validatePackID(id)
        return try read { db in
            guard let entry = try Self.draftEntries(db, packID: id).first else { throw PackStoreError.unknownPackID(id) }
            return entry
        }
    }

    /// Every version ever ingested for `id` that the index still holds (gc drops unreferenced old ones).
    public func versions(id: String) throws(PackStoreError) -> [PackVersion] {
        try NameRules.validatePackID(id)
        return try read { db in
            guard try PackRecord.fetchOne(db, key: id) != nil else { throw PackStoreError.unknownPackID(id) }
            return try PackVersionRecord.filter(Column("packId") == id).order(Column("version")).fetchAll(db)
                .map {
                    PackVersion(
                        id: $0.packId, version: $0.version, size: $0.size, sha256: $0.sha256,
                        createdAt: $0.createdAt, originalFilename: $0.originalFilename, reusedExistingBlob: false)
                }
        }
    }

    // MARK: - Index rows

    /// Inserts the version row and updates the pack row; returns the version row the draft now lists.
    /// Bytes identical to the draft's current version make no new version (a release number must mean new
    /// content, and a build that pushes on every run must not make one per run): the current row is returned
    /// with `unchanged`, and the attributes given with the upload still apply to the draft, as `tag`/`set` would.
    private static func commitVersion(
        _ row: PackVersionRecord, _ attributes: ArchiveAttributes, tags: [String], order: Int?, contentType: String,
        contentTypeIsExplicit: Bool, _ db: Database
    ) throws -> (row: PackVersionRecord, unchanged: Bool) {
        var versionRow = row
        var pack: PackRecord
        var unchanged = false
        if let existing = try PackRecord.fetchOne(db, key: row.packId) {
            pack = existing
            if let current = pack.currentVersion,
               let currentRow = try PackVersionRecord.fetchOne(db, key: ["packId": row.packId, "version": current]),
               currentRow.sha256 == row.sha256, currentRow.size == row.size
            {
                versionRow = currentRow
                unchanged = true
                if contentTypeIsExplicit { pack.contentType = contentType }
            } else if pack.currentVersion == nil {  // revived after `rm`: start from the defaults, like a new pack
                pack.policy = PackPolicy.onDemand.rawValue
                pack.fetchOrder = 0
                pack.contentType = contentType
                pack.platforms = ""
                pack.installationEvents = ReleasePackRecord.encodeEvents(InstallationEventType.both)
                pack.access = PackAccess.public.rawValue
                pack.userInfo = ""
            } else if contentTypeIsExplicit {
                pack.contentType = contentType
            }
        } else {
            pack = PackRecord(
                id: row.packId, policy: PackPolicy.onDemand.rawValue, fetchOrder: 0, contentType: contentType,
                currentVersion: nil, latestVersion: 0)
            try pack.insert(db)
        }
        if let policy = attributes.policy { pack.policy = policy.rawValue }
        if let events = attributes.installationEvents { pack.installationEvents = ReleasePackRecord.encodeEvents(events) }
        if let platforms = attributes.platforms { pack.platforms = ReleasePackRecord.encodePlatforms(platforms) }
        if let userInfo = attributes.userInfo { pack.userInfo = userInfo }
        if let order { pack.fetchOrder = order }
        if !unchanged {
            pack.latestVersion += 1
            pack.currentVersion = pack.latestVersion
            versionRow.version = pack.latestVersion
            try versionRow.insert(db)
        }
        try pack.update(db)
        for tag in tags { try PackTagRecord(packId: row.packId, tag: tag).insert(db, onConflict: .ignore) }
        return (versionRow, unchanged)
    }

    /// Refuses a `set` that contradicts the `Manifest.json` of the pack's current version, if that is an Apple
    /// Archive: another policy, installation events or platform list, or any `userInfo`.
    private static func checkArchiveAttributes(
        _ pack: PackRecord, policy: PackPolicy?, platforms: [ApplePlatform]?, installationEvents: [InstallationEventType]?,
        setsUserInfo: Bool, _ db: Database
    ) throws {
        guard let current = pack.currentVersion,
              let version = try PackVersionRecord.fetchOne(db, key: ["packId": pack.id, "version": current]),
              version.archiveEntries != nil
        else { return }
        if setsUserInfo { throw PackStoreError.userInfoFromArchive(id: pack.id) }
        guard let text = version.archiveManifest,
              let manifest = try? AssetPackManifest(json: Array(text.utf8))
        else { return }
        if let archivePolicy = manifest.downloadPolicy,
           let expected = try? ArchiveAttributes.packPolicy(archivePolicy, path: pack.id)
        {
            if let policy, expected.policy != policy {
                throw PackStoreError.attributeFromArchive(id: pack.id, key: "downloadPolicy", archive: expected.policy.rawValue)
            }
            if let installationEvents, let events = expected.events, Set(events) != Set(installationEvents) {
                throw PackStoreError.attributeFromArchive(
                    id: pack.id, key: "installationEventTypes", archive: events.map(\.rawValue).joined(separator: ","))
            }
        }
        if let platforms, let expected = try? ArchiveAttributes.applePlatforms(manifest.platforms, path: pack.id),
           Set(expected) != Set(platforms)
        {
            throw PackStoreError.attributeFromArchive(
                id: pack.id, key: "platforms", archive: ArchiveAttributes.platformList(expected))
        }
    }

    /// `userInfo` as the index keeps it: canonical JSON, "" for `null` (PackServe's own).
    /// Within `UserInfoLimits`, the same for every path that sets it.
    static func canonicalUserInfo(_ json: [UInt8]) throws(PackStoreError) -> String {
        let canonical: [UInt8]
        do { canonical = try UserInfoLimits.canonicalJSON(parsing: json) } catch { throw .invalidUserInfo(error.description) }
        return canonical == Array("null".utf8) ? "" : String(decoding: canonical, as: UTF8.self)
    }

    /// The pack row of a pack that is in the draft, or `unknownPackID`.
    static func livePack(_ id: String, _ db: Database) throws -> PackRecord {
        guard let pack = try PackRecord.fetchOne(db, key: id), pack.currentVersion != nil else {
            throw PackStoreError.unknownPackID(id)
        }
        return pack
    }

    static func validateOrder(_ order: Int) throws(PackStoreError) {
        guard (0...Int(Int32.max)).contains(order) else { throw .invalidOrder(order) }
    }

    static func validateContentType(_ type: String) throws(PackStoreError) {
        guard NameRules.isValidContentType(type) else { throw .invalidContentType(type) }
    }

    /// Now, truncated to the millisecond the index stores, so returned values equal what is read back later.
    static func now() -> Date {
        Date(timeIntervalSince1970: (Date().timeIntervalSince1970 * 1000).rounded(.down) / 1000)
    }
}
