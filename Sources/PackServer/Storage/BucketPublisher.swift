import Foundation
import PackStore

/// Writes one release and manifest version into a bucket in the order that keeps every reader safe
/// (docs/object-storage.md "Publishing order"): the blobs the bucket lacks, then the release's documents,
/// then the token list, and `current.json` last. A reader therefore never sees a pointer naming an object that
/// is not there, whatever instant the publisher dies at; and since every step skips what is already there, the
/// next run picks up where a dead one stopped. The S3 publisher and `export` both write through this.
struct BucketPublisher {
    let bucket: any ObjectBucket
    let prepareSeconds: Int64
    /// Unix seconds, read when the pointer is written (the preparation time counts from then).
    let now: () -> Int64
    var progress: (BucketPublishProgress) -> Void = { _ in }
    /// Runs after every object the pointer names is written and before the pointer is: the publisher's index
    /// backup, so the bucket's backup is never older than the release its pointer names.
    var beforePointer: () throws -> Void = {}

    func publish(_ objects: ReleaseObjects, tokens: BucketDownloadTokens?) throws -> BucketPublishReport {
        let layout = objects.layout
        let manifest = objects.manifest
        var report = BucketPublishReport(release: objects.record.release, version: manifest.version)
        // Refuse before sending anything when the bucket is already past this version.
        let etag = ReleaseObjects.sha256Hex(manifest.payload)
        try refuseIfAhead(PointerSchedule.decide(
            current: try readPointer(layout), manifest: manifest, etag: etag, now: now(), prepareSeconds: prepareSeconds),
            manifest)

        // One listing instead of a request per blob: a re-run over a release that is all there sends nothing.
        var present: [String: Int64] = [:]
        for object in try bucket.list(prefix: layout.blobsPrefix) { present[object.key] = object.size }
        let missing = objects.blobs.filter { present[layout.blob($0.sha256)] != $0.size }
        report.blobsPresent = objects.blobs.count - missing.count
        var state = BucketPublishProgress(
            blobsSent: 0, blobsToSend: missing.count, bytesSent: 0, bytesToSend: missing.reduce(0) { $0 + $1.size })
        for blob in missing {
            let found = Self.fileSize(blob.path)
            guard found == blob.size else {
                throw BucketPublishError.blobFile(sha256: blob.sha256, path: blob.path, expected: blob.size, found: found)
            }
            if try bucket.putFileIfAbsent(layout.blob(blob.sha256), path: blob.path, size: blob.size, contentType: blob.contentType) {
                report.blobsSent += 1
                report.bytesSent += blob.size
            } else {
                report.blobsPresent += 1
            }
            state.blobsSent += 1
            state.bytesSent += blob.size
            progress(state)
        }

        let written = Dictionary(
            try bucket.list(prefix: layout.releaseDirectory(objects.record.release)).map { ($0.key, $0.size) },
            uniquingKeysWith: { first, _ in first })
        let recordKey = layout.releaseRecord(objects.record.release)
        for document in objects.documents {
            // A channel's publish may have written the record first, without this directory's documents
            // (`ChannelObjects`, a shorter record): the record this directory's documents need replaces it.
            if let size = written[document.key], document.key != recordKey || size == Int64(document.bytes.count) {
                continue
            }
            try bucket.put(document.key, bytes: document.bytes, contentType: document.contentType)
            report.documentsSent += 1
        }

        if let tokens {
            let bytes = try tokens.encoded()
            if try bucket.get(layout.downloadTokens) != bytes {
                try bucket.put(layout.downloadTokens, bytes: bytes, contentType: "application/json")
                report.tokensSent = true
            }
        }

        // Read again: the pointer's instant counts from now, after the uploads, and it must still not be newer.
        let decision = PointerSchedule.decide(
            current: try readPointer(layout), manifest: manifest, etag: etag, now: now(), prepareSeconds: prepareSeconds)
        try refuseIfAhead(decision, manifest)
        if case .write(let notBefore) = decision {
            try beforePointer()
            let pointer = objects.pointer(notBefore: notBefore)
            try bucket.put(layout.pointer, bytes: try pointer.encoded(), contentType: "application/json")
            report.pointer = pointer
        }
        return report
    }

    /// The bucket's pointer, nil when there is none.
    func readPointer(_ layout: BucketLayout) throws -> BucketPointer? {
        guard let bytes = try bucket.get(layout.pointer) else { return nil }
        do {
            return try BucketPointer(json: bytes)
        } catch {
            throw BucketPublishError.unreadablePointer("\(error)")
        }
    }

    /// The size of the file at `path`, nil when there is none.
    static func fileSize(_ path: String) -> Int64? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int64(info.st_size)
    }

    private func refuseIfAhead(_ decision: PointerSchedule.Decision, _ manifest: StoredManifest) throws {
        try refuseIfAhead(decision, version: manifest.version)
    }

    func refuseIfAhead(_ decision: PointerSchedule.Decision, version: Int, channel: String? = nil) throws {
        switch decision {
        case .bucketAhead(let bucketVersion, let release):
            throw BucketPublishError.bucketAhead(
                bucketVersion: bucketVersion, bucketRelease: release, version: version, channel: channel)
        case .otherManifest(let bucketVersion, let release):
            throw BucketPublishError.otherManifest(version: bucketVersion, bucketRelease: release, channel: channel)
        case .write, .upToDate:
            return
        }
    }
}
