import Foundation
import Manifest
import PackStore
import ReleaseViews

/// Every object one signing of a channel puts in a bucket (docs/channels.md "Buckets"), made from what the
/// index holds: the record of each release a view answers, their blobs, each view's manifest and download
/// manifest under `channels/{c}/versions/{v}/{segment}/`, and the pointer. Pure once loaded: written by
/// `BucketPublisher.publishChannel`, checked by `BucketCheck`.
struct ChannelObjects: Sendable {
    let layout: BucketLayout
    let channel: ChannelName
    /// The pointer, live from the signing's own instant until the publisher decides it against the bucket's.
    let pointer: BucketChannelPointer
    /// `releases/{n}/release.json` of every release a view answers, written when absent.
    let records: [BucketDocument]
    /// Every blob those releases need, in digest order.
    let blobs: [BucketBlob]
    /// The views' documents, in writing order; the manifest forms of each view last.
    let documents: [BucketDocument]

    /// `summary`'s channel at its newest signing; nil before its first one.
    /// - Parameter history: the index's releases (read once by a caller that loads every channel).
    static func load(
        from store: PackStore, channel summary: ChannelSummary, history: [ReleaseSummary], settings: BucketDocumentSettings
    ) throws -> ChannelObjects? {
        let (layout, baseURL, style) = (settings.layout, settings.baseURL, settings.style)
        guard let channel = ChannelName(summary.name) else { return nil }
        let views = try store.views(of: channel)
        let manifests = try store.latestManifests(of: channel)
        guard let first = manifests.values.first, !views.segments.isEmpty else { return nil }
        let documentsProfile = DownloadManifestVariants.profile(baseURL: baseURL, style: style)
        var records: [Int: BucketRelease] = [:]
        var blobs: [String: BucketBlob] = [:]
        var documents: [BucketDocument] = []
        var pointerViews: [BucketChannelPointer.View] = []
        for segment in views.segments {
            guard let manifest = manifests[segment.description] else {
                throw PackStoreError.untrustworthyIndex(
                    path: "index.sqlite", problem: "channel \(channel): view \(segment) has no manifest at version \(first.version)")
            }
            let release = try record(segment.release, in: store, history: history, profile: documentsProfile, into: &records, blobs: &blobs)
            let entries = try store.viewEntries(channel: channel, segment: segment)
            var appleVersions: [String: Int] = [:]
            for (own, view) in zip(release.packs, entries) where own.appleVersion != view.appleVersion {
                appleVersions[view.id] = view.appleVersion
            }
            let base = ManifestSigner.base(issuer: baseURL, style: style, channel: channel, segment: segment)
            let bodies = try store.viewDocuments(channel: channel, segment: segment, profile: documentsProfile)
                ?? DownloadManifestVariants.encode(packs: entries, release: segment.release, baseURL: base, style: style)
            let (name, v, s) = (channel.text, manifest.version, segment.description)
            for document in bodies.keys.sorted() {
                documents.append(BucketDocument(
                    key: layout.viewDownloadManifest(name, version: v, segment: s, name: document), bytes: bodies[document]!,
                    contentType: "application/json"))
            }
            documents += try signedForms(of: manifest, channel: channel, view: s, layout: layout)
            pointerViews.append(BucketChannelPointer.View(
                segment: s, release: segment.release, etag: ReleaseObjects.sha256Hex(manifest.payload),
                documents: bodies.keys.sorted(), appleVersions: appleVersions))
        }
        var rollout: BucketChannelRollout?
        if let status = try store.rollout(of: channel), status.state.isLive {
            rollout = BucketChannelRollout(
                release: status.candidate, previousRelease: status.previousRelease, percentTenths: status.percent.tenths,
                offset: status.cohorts.offset, state: status.state.rawValue, views: [])
            _ = try record(status.candidate, in: store, history: history, profile: documentsProfile, into: &records, blobs: &blobs)
            for segment in try store.runningRollout(of: channel)?.1.segments ?? [] {
                let name = segment.cohortViewName
                guard let manifest = manifests[name] else {
                    throw PackStoreError.untrustworthyIndex(
                        path: "index.sqlite", problem: "channel \(channel): \(name) has no manifest at version \(first.version)")
                }
                documents += try signedForms(of: manifest, channel: channel, view: name, layout: layout)
                rollout?.views.append(BucketChannelPointer.View(
                    segment: segment.description, release: segment.release, etag: ReleaseObjects.sha256Hex(manifest.payload),
                    documents: [], appleVersions: [:]))
            }
        }
        let pointer = BucketChannelPointer(
            channel: channel.text, version: first.version, notBefore: first.notBefore, issuedAt: first.issuedAt,
            expiresAt: first.expiresAt,
            keyID: first.keyID, profile: first.profile, documentsProfile: documentsProfile,
            requireCredentials: summary.requireCredentials, views: pointerViews, rollout: rollout)
        return ChannelObjects(
            layout: layout, channel: channel, pointer: pointer,
            records: try records.keys.sorted().map { number in
                BucketDocument(key: layout.releaseRecord(number), bytes: try records[number]!.encoded(), contentType: "application/json")
            },
            blobs: blobs.keys.sorted().map { blobs[$0]! }, documents: documents)
    }

    /// A view's manifest in its three signed forms (named `view`: a segment, or a cohort view's name).
    private static func signedForms(
        of manifest: StoredManifest, channel: ChannelName, view: String, layout: BucketLayout
    ) throws -> [BucketDocument] {
        let (name, v) = (channel.text, manifest.version)
        return [
            BucketDocument(key: layout.viewManifestJWS(name, version: v, segment: view), bytes: try manifest.compactJWS(), contentType: "application/jwt"),
            BucketDocument(key: layout.viewManifestPayload(name, version: v, segment: view), bytes: manifest.payload, contentType: "application/json"),
            BucketDocument(
                key: layout.viewManifestSignature(name, version: v, segment: view), bytes: manifest.payloadSignature,
                contentType: "application/octet-stream"),
        ]
    }

    /// Release `number`'s record (made once per load) and its blobs, added to `blobs`.
    private static func record(
        _ number: Int, in store: PackStore, history: [ReleaseSummary], profile: String,
        into records: inout [Int: BucketRelease], blobs: inout [String: BucketBlob]
    ) throws -> BucketRelease {
        if let known = records[number] { return known }
        guard let (release, entries, otherBlobSizes, privateDigests) = try store.loadReleaseEntries(release: number) else {
            throw PackStoreError.unknownRelease(number)
        }
        let record = BucketRelease(
            release: number, createdAt: release.createdAt, note: release.note, packs: entries, history: history,
            otherBlobs: otherBlobSizes, privateDigests: privateDigests.sorted(), documentsProfile: profile, documents: [])
        let paths = store.snapshot(of: release, entries: [], otherBlobSizes: [:])
        var types: [String: String] = [:]
        for entry in entries where types[entry.sha256] == nil { types[entry.sha256] = entry.contentType }
        for (digest, size) in record.allBlobs where blobs[digest] == nil {
            blobs[digest] = BucketBlob(
                sha256: digest, size: size, path: paths.blobPath(forSHA256: digest) ?? "",
                contentType: types[digest] ?? "application/octet-stream")
        }
        records[number] = record
        return record
    }
}
