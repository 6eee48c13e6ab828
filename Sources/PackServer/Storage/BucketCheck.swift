import Foundation
import Manifest
import PackStore
import ReleaseViews

/// `fsck --storage`: the bucket against the index. The pointer must name the index's newest manifest
/// version; that release's documents and every blob it needs (its packs' and those earlier retained releases
/// still serve) must be there at the right size, and each blob is downloaded and hashed, so an object with the
/// right size and other bytes is found too. Other retained releases the bucket holds whole must hold their
/// record and download manifest. Every channel's pointer must name the channel's newest signing, with every
/// view's documents (the manifests byte for byte), the records of their releases and those releases' blobs.
public struct BucketCheck {
    let store: PackStore
    let bucket: any ObjectBucket
    let settings: BucketDocumentSettings
    /// A directory for the downloads that are hashed (each removed once hashed).
    let scratchDirectory: String

    public init(store: PackStore, bucket: any ObjectBucket, configuration: PackServeConfiguration, scratchDirectory: String) {
        self.store = store
        self.bucket = bucket
        settings = BucketDocumentSettings(configuration)
        self.scratchDirectory = scratchDirectory
    }

    /// Every problem found, and how many objects were looked at.
    public func run() throws -> (problems: [BucketProblem], objectsChecked: Int) {
        let layout = settings.layout
        var problems: [BucketProblem] = []
        var checked = 0
        guard let latest = try store.latestManifest() else { return ([], 0) }
        switch Result(catching: { try bucket.get(layout.pointer).map(BucketPointer.init(json:)) }) {
        case .success(nil): problems.append(.missingPointer)
        case .failure(let error): problems.append(.unreadablePointer("\(error)"))
        case .success(let pointer?):
            checked += 1
            if pointer.version != latest.version || pointer.release != latest.release {
                problems.append(.stalePointer(
                    release: pointer.release, version: pointer.version, indexRelease: latest.release,
                    indexVersion: latest.version))
            }
            let payloadKey = layout.manifestPayload(pointer.release, version: pointer.version)
            if let payload = try bucket.get(payloadKey), ReleaseObjects.sha256Hex(payload) != pointer.etag {
                problems.append(.pointerETag(key: payloadKey))
            }
        }

        let objects = try ReleaseObjects.load(from: store, release: latest.release, manifest: latest, settings: settings)
        let present = Dictionary(
            try bucket.list(prefix: layout.releaseDirectory(latest.release)).map { ($0.key, $0.size) },
            uniquingKeysWith: { first, _ in first })
        let manifestKeys: Set = [
            layout.manifestJWS(latest.release, version: latest.version),
            layout.manifestPayload(latest.release, version: latest.version),
            layout.manifestSignature(latest.release, version: latest.version),
        ]
        for document in objects.documents {
            checked += 1
            guard present[document.key] != nil else {
                problems.append(.missingObject(key: document.key))
                continue
            }
            // The manifest's bytes are the index's exactly; the others depend on settings that may have changed.
            if manifestKeys.contains(document.key), try bucket.get(document.key) != document.bytes {
                problems.append(.differentDocument(key: document.key))
            }
        }
        var blobs = Dictionary(objects.blobs.map { ($0.sha256, $0) }, uniquingKeysWith: { first, _ in first })
        problems += try checkChannels(blobs: &blobs, checked: &checked)
        problems += try checkBlobs(blobs.keys.sorted().map { blobs[$0]! }, checked: &checked)
        problems += try checkOtherRetainedReleases(except: latest.release, checked: &checked)
        return (problems, checked)
    }

    /// Each channel's pointer and the objects it names; adds the blobs its releases need to `blobs`.
    private func checkChannels(blobs: inout [String: BucketBlob], checked: inout Int) throws -> [BucketProblem] {
        let layout = settings.layout
        var problems: [BucketProblem] = []
        let history = try store.releases()
        for summary in try store.channels() {
            guard let channel = ChannelName(summary.name),
                let objects = try ChannelObjects.load(from: store, channel: summary, history: history, settings: settings)
            else { continue }
            checked += 1
            let key = layout.channelPointer(channel.text)
            switch Result(catching: { try bucket.get(key).map { try BucketChannelPointer(json: $0, key: key) } }) {
            case .success(nil): problems.append(.channelPointer(channel: channel.text, problem: "missing"))
            case .failure(let error): problems.append(.channelPointer(channel: channel.text, problem: "not a pointer: \(error)"))
            case .success(let pointer?):
                if pointer.version != objects.pointer.version || pointer.views.map(\.etag) != objects.pointer.views.map(\.etag) {
                    problems.append(.channelPointer(
                        channel: channel.text,
                        problem: "names manifest version \(pointer.version); the index's newest is \(objects.pointer.version) (packserve renew completes it)"))
                }
            }
            for document in objects.records + objects.documents {
                checked += 1
                guard let bytes = try bucket.get(document.key) else {
                    problems.append(.missingObject(key: document.key))
                    continue
                }
                // The manifests are the index's bytes exactly; the records and download manifests depend on settings.
                if document.contentType != "application/json" || document.key.hasSuffix("/manifest.json"), bytes != document.bytes {
                    problems.append(.differentDocument(key: document.key))
                }
            }
            for blob in objects.blobs where blobs[blob.sha256] == nil { blobs[blob.sha256] = blob }
        }
        return problems
    }

    private func checkBlobs(_ blobs: [BucketBlob], checked: inout Int) throws -> [BucketProblem] {
        let layout = settings.layout
        var problems: [BucketProblem] = []
        var sizes: [String: Int64] = [:]
        for object in try bucket.list(prefix: layout.blobsPrefix) { sizes[object.key] = object.size }
        for blob in blobs {
            checked += 1
            let key = layout.blob(blob.sha256)
            guard let size = sizes[key] else {
                problems.append(.missingObject(key: key))
                continue
            }
            guard size == blob.size else {
                problems.append(.blobSize(key: key, expected: blob.size, found: size))
                continue
            }
            let found = try downloadedDigest(key)
            if let found, found != blob.sha256 { problems.append(.corruptBlob(key: key, found: found)) }
            if found == nil { problems.append(.missingObject(key: key)) }
        }
        return problems
    }

    /// The SHA-256 of the object's bytes, downloaded to a scratch file (a blob may be larger than memory).
    private func downloadedDigest(_ key: String) throws -> String? {
        let path = "\(scratchDirectory)/fsck-\(UInt64.random(in: 0 ... .max))"
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard try bucket.download(key, to: path) else { return nil }
        return try PackStore.sha256Hex(ofFileAt: path)
    }

    /// A retained release the bucket holds must hold its record and download manifest (its blobs are among
    /// the latest release's, checked above). Only a directory with a manifest form counts: those are the last
    /// documents written, so a directory without one is a publish interrupted before any pointer could name
    /// it, which no reader ever sees (as an orphan blob is no damage to the local store).
    private func checkOtherRetainedReleases(except latest: Int, checked: inout Int) throws -> [BucketProblem] {
        let layout = settings.layout
        var problems: [BucketProblem] = []
        for release in try store.releases() where !release.isPruned && release.number != latest {
            let keys = Set(try bucket.list(prefix: layout.releaseDirectory(release.number)).map(\.key))
            let manifests = layout.releaseDirectory(release.number) + "manifests/"
            guard keys.contains(where: { $0.hasPrefix(manifests) }) else { continue }
            let wholeCatalog = layout.downloadManifest(release.number, name: DownloadManifestVariants.documentName(nil))
            for key in [layout.releaseRecord(release.number), wholeCatalog] {
                checked += 1
                if !keys.contains(key) { problems.append(.missingObject(key: key)) }
            }
        }
        return problems
    }
}
