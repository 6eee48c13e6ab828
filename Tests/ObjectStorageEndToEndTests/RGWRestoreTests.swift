import Foundation
import ObjectStorage
import PackServer
import PackStore
import Testing

extension ObjectStorageEndToEnd {
    /// Losing the publisher (docs/deploying.md): a new machine with the signing key and the same `storage`
    /// settings becomes the publisher again from the bucket alone, and goes on numbering where the lost one
    /// stopped, so replicas and devices take its next release.
    @Suite
    struct RGWRestoreTests {
        @Test func aNewPublisherIsRestoredFromTheBucketAndPublishesTheNextVersion() throws {
            let cluster = try #require(RGWCluster.current)
            let client = try cluster.freshBucket()
            let bucket = S3ObjectBucket(client: client)
            let lost = try PublisherWorkspace(cluster: cluster, bucket: client.configuration.bucket)
            for round in 0..<2 {
                let file = try lost.randomFile("p\(round).bin", count: 300_000, seed: UInt64(round + 1))
                #expect(try lost.run(["add", file, "--id", "pack\(round)"]).status == 0)
                let published = try lost.run(["publish"])
                #expect(published.status == 0, "\(published.output)")
            }
            let before = try BucketPointer(json: try #require(try bucket.get(BucketLayout().pointer)))

            let replacement = try PublisherWorkspace(cluster: cluster, bucket: client.configuration.bucket)
            try FileManager.default.createDirectory(atPath: replacement.directory + "/data/keys", withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                atPath: lost.directory + "/data/keys/manifest-signing.key",
                toPath: replacement.directory + "/data/keys/manifest-signing.key")
            let restore = try replacement.run(["restore"])
            #expect(restore.status == 0, "\(restore.output)")
            #expect(restore.output.contains("latest release 2") && restore.output.contains("every blob the index names is back"))
            // A second restore refuses to replace the index it just made.
            let again = try replacement.run(["restore"])
            #expect(again.status != 0 && again.output.contains("File exists"), "\(again.output)")
            let fsck = try replacement.run(["fsck", "--storage"])
            #expect(fsck.status == 0, "\(fsck.output)")

            let file = try replacement.randomFile("p2.bin", count: 200_000, seed: 9)
            #expect(try replacement.run(["add", file, "--id", "pack2"]).status == 0)
            let published = try replacement.run(["publish"])
            #expect(published.status == 0, "\(published.output)")
            let after = try BucketPointer(json: try #require(try bucket.get(BucketLayout().pointer)))
            #expect(after.release == before.release + 1)
            #expect(after.version == before.version + 1)
        }
    }
}
