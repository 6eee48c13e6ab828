import Foundation
import PackStore

extension BucketPublisher {
    /// Writes one signing of a channel (docs/channels.md "Buckets") in the order that keeps readers safe, as
    /// `publish` does for the root pointer: the blobs its releases need that the bucket lacks, their records,
    /// the views' documents, and the channel's pointer last. Returns the pointer written, nil when the bucket
    /// already names this version.
    func publishChannel(_ objects: ChannelObjects) throws -> BucketChannelPointer? {
        let layout = objects.layout
        let name = objects.channel.text
        let signing = Self.signing(objects.pointer)
        try refuseIfAhead(
            PointerSchedule.decide(
                current: try readChannelPointer(name, layout).map(Self.signing), signing: signing, now: now(),
                prepareSeconds: prepareSeconds),
            version: signing.version, channel: name)

        var present: [String: Int64] = [:]
        for object in try bucket.list(prefix: layout.blobsPrefix) { present[object.key] = object.size }
        for blob in objects.blobs where present[layout.blob(blob.sha256)] != blob.size {
            let found = Self.fileSize(blob.path)
            guard found == blob.size else {
                throw BucketPublishError.blobFile(sha256: blob.sha256, path: blob.path, expected: blob.size, found: found)
            }
            _ = try bucket.putFileIfAbsent(layout.blob(blob.sha256), path: blob.path, size: blob.size, contentType: blob.contentType)
        }
        for record in objects.records where try bucket.get(record.key) == nil {
            try bucket.put(record.key, bytes: record.bytes, contentType: record.contentType)
        }
        let written = Set(try bucket.list(prefix: layout.channelVersionDirectory(name, version: signing.version)).map(\.key))
        for document in objects.documents where !written.contains(document.key) {
            try bucket.put(document.key, bytes: document.bytes, contentType: document.contentType)
        }

        // Read again: the instant counts from now, after the uploads, and the pointer must still not be newer.
        let decision = PointerSchedule.decide(
            current: try readChannelPointer(name, layout).map(Self.signing), signing: signing, now: now(),
            prepareSeconds: prepareSeconds)
        try refuseIfAhead(decision, version: signing.version, channel: name)
        guard case .write(let notBefore) = decision else { return nil }
        var pointer = objects.pointer
        pointer.notBefore = notBefore
        try bucket.put(layout.channelPointer(name), bytes: try pointer.encoded(), contentType: "application/json")
        return pointer
    }

    /// Replaces `builds.json` when the build map changed; true when it did.
    func publishBuildMap(_ map: BucketBuildMap, layout: BucketLayout) throws -> Bool {
        let bytes = try map.encoded()
        guard try bucket.get(layout.buildMap) != bytes else { return false }
        try bucket.put(layout.buildMap, bytes: bytes, contentType: "application/json")
        return true
    }

    /// The bucket's pointer of `channel`, nil when there is none.
    func readChannelPointer(_ channel: String, _ layout: BucketLayout) throws -> BucketChannelPointer? {
        let key = layout.channelPointer(channel)
        guard let bytes = try bucket.get(key) else { return nil }
        do {
            return try BucketChannelPointer(json: bytes, key: key)
        } catch {
            throw BucketPublishError.unreadablePointer("\(key): \(error)")
        }
    }

    /// What `PointerSchedule` compares of a channel's pointer (its `notBefore` here: the signing's own instant,
    /// unset until the publisher decides it, for the index's side).
    static func signing(_ pointer: BucketChannelPointer) -> PointerSchedule.Signing {
        PointerSchedule.Signing(
            version: pointer.version, releases: pointer.releases,
            etags: pointer.views.map(\.etag) + (pointer.rollout?.views ?? []).map(\.etag), notBefore: pointer.notBefore,
            rolloutStage: pointer.rollout?.stage)
    }
}
