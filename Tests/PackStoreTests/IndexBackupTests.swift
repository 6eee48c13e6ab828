import Foundation
import PackStore
import Testing

@Suite struct IndexBackupTests {
    /// A publisher with three releases whose blobs are in `bucket` (as a publish to storage puts them), and
    /// a draft version that was never published.
    private func publisher() throws -> (TemporaryStore, DirectoryBucket, draft: String) {
        let fixture = try TemporaryStore()
        let bucket = DirectoryBucket(root: fixture.root.appendingPathComponent("bucket").path)
        for number in 1...3 {
            try fixture.store.add(file: fixture.makeFile("a\(number)", text: "a v\(number)"), id: "a")
            try fixture.store.add(file: fixture.makeFile("b\(number)", text: "b v\(number)"), id: "b\(number)")
            try fixture.store.publish(sealedBy: RecordingSealer())
        }
        for release in 1...3 {
            for pack in try fixture.store.listRelease(release) {
                _ = try bucket.putFileIfAbsent(
                    BucketLayout().blob(pack.sha256), path: fixture.blobURL(pack.sha256).path, size: pack.size,
                    contentType: "application/octet-stream")
            }
        }
        let draft = try fixture.store.add(file: fixture.makeFile("a4", text: "a v4, never published"), id: "a").sha256
        return (fixture, bucket, draft)
    }

    @Test func aRestoredPublisherHasTheReleasesManifestsAndPublishedBlobs() throws {
        let (fixture, bucket, draft) = try publisher()
        let backup = fixture.root.appendingPathComponent("index-backup.sqlite").path
        try fixture.store.backUpIndex(to: backup)

        let lost = fixture.root.appendingPathComponent("new-machine")
        try PackStore.restoreIndex(from: backup, into: lost)
        let restored = try PackStore(dataDirectory: lost)
        #expect(try restored.releases() == fixture.store.releases())
        #expect(try restored.latestManifestVersion() == fixture.store.latestManifestVersion())
        #expect(try restored.absentBlobs().count == 7)

        var progress: [Int] = []
        let unavailable = try restored.restoreBlobs(from: bucket, layout: BucketLayout()) { done, _ in progress.append(done) }
        #expect(unavailable == [draft])
        #expect(progress == Array(1...7))
        #expect(try restored.absentBlobs().keys.sorted() == [draft])
        let report = try restored.fsck()
        #expect(report.missingBlobs.map(\.sha256) == [draft])
        #expect(report.corruptBlobs.isEmpty)

        // It goes on where the lost one stopped: the next release and manifest are numbered after its own.
        try restored.remove(id: "b1")
        let (release, manifest) = try restored.publish(sealedBy: RecordingSealer())
        #expect(release.number == 4)
        #expect(manifest.version == (try fixture.store.latestManifestVersion() ?? 0) + 1)
    }

    @Test func aBackupTakenWhilePublishingIsAConsistentIndex() async throws {
        let (fixture, _, _) = try publisher()
        let backup = fixture.root.appendingPathComponent("during.sqlite").path
        let publishing = Task.detached {
            for number in 0..<10 {
                try fixture.store.add(file: fixture.makeFile("c\(number)", text: "c \(number)"), id: "c")
                try fixture.store.publish(sealedBy: RecordingSealer())
            }
        }
        for round in 0..<10 {
            try fixture.store.backUpIndex(to: backup)
            let copy = fixture.root.appendingPathComponent("copy-\(round)")
            try PackStore.restoreIndex(from: backup, into: copy)
            let store = try PackStore(dataDirectory: copy)
            // Every release the copy lists has its signed manifest: never a release without its seal.
            let latest = try #require(try store.latestReleaseNumber())
            #expect(try store.latestManifest()?.release == latest)
            #expect(try store.fsck().indexProblems.isEmpty)
        }
        try await publishing.value
    }

    @Test func aRestoreNeverReplacesAnIndex() throws {
        let (fixture, _, _) = try publisher()
        let backup = fixture.root.appendingPathComponent("b.sqlite").path
        try fixture.store.backUpIndex(to: backup)
        #expect(throws: PackStoreError.self) { try PackStore.restoreIndex(from: backup, into: fixture.dataDirectory) }
    }

    @Test func aBucketBlobWhoseBytesDoNotHashIsRefused() throws {
        let (fixture, bucket, _) = try publisher()
        let backup = fixture.root.appendingPathComponent("b.sqlite").path
        try fixture.store.backUpIndex(to: backup)
        let victim = try fixture.store.listRelease(1)[0].sha256
        try bucket.put(BucketLayout().blob(victim), bytes: Array("not the bytes".utf8), contentType: "a/b")

        let lost = fixture.root.appendingPathComponent("restored")
        try PackStore.restoreIndex(from: backup, into: lost)
        let restored = try PackStore(dataDirectory: lost)
        #expect(throws: PackStoreError.self) { _ = try restored.restoreBlobs(from: bucket, layout: BucketLayout()) }
        #expect(try restored.absentBlobs()[victim] != nil)
    }
}
