import Foundation
import ObjectStorage
import PackServer
import PackStore
import Polling
import Testing

extension ObjectStorageEndToEnd {
    /// Issue 23 against a real RADOS Gateway, through the `packserve` binary: a publisher killed with SIGKILL at
    /// random points of 20 publishes never leaves a readable `current.json` naming a missing object, and the next
    /// run completes the bucket; `fsck --storage` finds a deleted and a corrupted object; `gc` leaves the live
    /// release whole.
    @Suite
    struct RGWPublishTests {
        static let publishes = 20
        static let blobsPerRelease = 3

        @Test func aPublisherKilledAtRandomPointsNeverExposesAPointerWithMissingObjects() throws {
            let cluster = try #require(RGWCluster.current)
            let client = try cluster.freshBucket()
            let bucket = S3ObjectBucket(client: client)
            let workspace = try PublisherWorkspace(cluster: cluster, bucket: client.configuration.bucket)
            let reader = PointerReader(bucket: bucket)
            reader.start()

            var generator = SystemRandomNumberGenerator()
            var kills = 0
            var cleanSeconds = 0.5
            var bytes: Int64 = 0
            var firstBytes: Int64 = 0
            let started = Date()
            for round in 0..<Self.publishes {
                for index in 0..<Self.blobsPerRelease {
                    // 1–3 MiB each: long enough uploads that a kill lands inside them as often as between them.
                    let size = Int.random(in: (1 << 20)...(3 << 20), using: &generator)
                    bytes += Int64(size)
                    let file = try workspace.randomFile("p\(index).bin", count: size, seed: UInt64(round * 10 + index + 1))
                    let added = try workspace.run(["add", file, "--id", "pack\(index)", "--tag", "t\(index)"])
                    #expect(added.status == 0, "\(added.output)")
                }
                let publish = try workspace.spawn(["publish", "--note", "round \(round)"])
                if round == 0 {
                    firstBytes = bytes
                    let begun = Date()
                    #expect(publish.wait() == 0, "\(publish.output)")
                    cleanSeconds = max(Date().timeIntervalSince(begun), 0.05)
                    continue
                }
                // A kill instant anywhere from the start to half again a clean publish's length. A sleep, not a
                // clock: the random instant in another process's real work is what the test is about.
                usleep(UInt32(Double.random(in: 0...(cleanSeconds * 1.5), using: &generator) * 1_000_000))
                if publish.kill9() == 128 + SIGKILL { kills += 1 }
            }
            let publishSeconds = Date().timeIntervalSince(started)
            // The next run (cron's `renew` here) completes whatever a killed publisher left.
            let renew = try workspace.run(["renew"])
            #expect(renew.status == 0, "\(renew.output)")
            let tally = reader.stop()
            let history = try workspace.run(["releases", "--json"])
            let releases = (try JSONSerialization.jsonObject(with: Data(history.output.utf8)) as? [Any])?.count ?? 0
            print("""
                kill test: \(Self.publishes) publishes of \(Self.blobsPerRelease) blobs (\(bytes) bytes in all), \(kills) killed \
                with SIGKILL, \(releases) releases committed to the index, clean publish \(String(format: "%.2f", cleanSeconds)) s \
                (\(firstBytes) bytes), \(tally.reads) pointer reads, \(tally.pointersSeen.count) distinct pointers seen, \
                \(String(format: "%.1f", publishSeconds)) s
                """)
            #expect(releases > Self.publishes - kills, "some killed publishes got as far as the index commit")
            #expect(tally.violations == [])
            #expect(tally.reads > Self.publishes)
            #expect(kills > 0)

            // Complete now: the pointer names the index's newest manifest, and everything checks.
            let fsck = try workspace.run(["fsck", "--storage"])
            #expect(fsck.status == 0, "\(fsck.output)")
            let again = try workspace.run(["renew"])
            #expect(again.output.contains("current.json already names it") && again.output.contains("0 blobs sent"), "\(again.output)")
        }

        @Test func fsckFindsADeletedAndACorruptedObjectAndGCKeepsTheLiveRelease() throws {
            let cluster = try #require(RGWCluster.current)
            let client = try cluster.freshBucket()
            let bucket = S3ObjectBucket(client: client)
            let layout = BucketLayout()
            let workspace = try PublisherWorkspace(cluster: cluster, bucket: client.configuration.bucket, retainSeconds: 0)
            // Four releases of two new blobs each, with a gc after the third: release 3's record, published while
            // 1 and 2 were retained, serves their blobs by digest until release 4 is live.
            for round in 0..<4 {
                for index in 0..<2 {
                    let file = try workspace.randomFile("p\(index).bin", count: 200_000 + index, seed: UInt64(100 + round * 2 + index))
                    #expect(try workspace.run(["add", file, "--id", "pack\(index)"]).status == 0)
                }
                let publish = try workspace.run(["publish"])
                #expect(publish.status == 0, "\(publish.output)")
                if round == 2 {
                    let gc = try workspace.run(["gc", "--keep", "1"])
                    #expect(gc.output.contains("bucket: removed 0 blobs and "), "\(gc.output)")
                }
            }
            #expect(try bucket.list(prefix: layout.blobsPrefix).count == 8)

            let gc = try workspace.run(["gc", "--keep", "1"])
            #expect(gc.status == 0, "\(gc.output)")
            #expect(gc.output.contains("bucket: removed 4 blobs"), "\(gc.output)")
            #expect(try bucket.list(prefix: layout.blobsPrefix).count == 4)
            let pointer = try BucketPointer(json: try #require(try bucket.get(layout.pointer)))
            #expect(pointer.release == 4)
            let record = try BucketRelease(json: try #require(try bucket.get(layout.releaseRecord(4))))
            for key in record.keys(version: pointer.version, layout: layout) { #expect(try bucket.size(of: key) != nil, "\(key)") }
            for release in 1...3 { #expect(try bucket.list(prefix: layout.releaseDirectory(release)).isEmpty) }
            let clean = try workspace.run(["fsck", "--storage"])
            #expect(clean.status == 0, "\(clean.output)")

            let digests = record.packs.map(\.sha256).sorted()
            try bucket.delete(layout.blob(digests[0]))
            let size = try #require(try bucket.size(of: layout.blob(digests[1])))
            try bucket.put(layout.blob(digests[1]), bytes: [UInt8](repeating: 0x5A, count: Int(size)), contentType: "application/octet-stream")
            let damaged = try workspace.run(["fsck", "--storage"])
            #expect(damaged.status == 1, "\(damaged.output)")
            #expect(damaged.output.contains("bucket: \(layout.blob(digests[0])): missing"), "\(damaged.output)")
            #expect(damaged.output.contains("bucket: \(layout.blob(digests[1])): corrupt"), "\(damaged.output)")
        }

        /// The bucket refuses the publisher (here: it does not exist): `publish` exits 1 saying the index keeps the
        /// release; once the bucket is there, `renew` completes it.
        @Test func aPublishWhoseBucketWriteFailsKeepsTheReleaseAndRenewCompletesIt() throws {
            let cluster = try #require(RGWCluster.current)
            let client = try cluster.freshBucket()
            let bucket = S3ObjectBucket(client: client)
            let workspace = try PublisherWorkspace(cluster: cluster, bucket: "missing-" + client.configuration.bucket)
            let file = try workspace.randomFile("p.bin", count: 100_000, seed: 7)
            #expect(try workspace.run(["add", file, "--id", "pack"]).status == 0)

            let publish = try workspace.run(["publish"])
            #expect(publish.status == 1, "\(publish.output)")
            #expect(publish.output.contains("release 1 published"), "\(publish.output)")
            #expect(publish.output.contains("the index holds the release, but the bucket could not be brought up to it"), "\(publish.output)")
            #expect(try workspace.run(["releases", "--json"]).output.contains("\"release\":1"))

            try workspace.configure(bucket: client.configuration.bucket)
            let renew = try workspace.run(["renew"])
            #expect(renew.status == 0, "\(renew.output)")
            #expect(renew.output.contains("1 blobs sent"), "\(renew.output)")
            let pointer = try BucketPointer(json: try #require(try bucket.get(BucketLayout().pointer)))
            #expect(pointer.release == 1)
            #expect(try workspace.run(["fsck", "--storage"]).status == 0)
        }

        /// A pack above the 64 MiB multipart threshold goes up in parts from the publish, and `fsck --storage`
        /// downloads and hashes it back. Prints the upload rate (the publish's own bucket pass, from its summary).
        @Test func aLargePackIsPublishedInPartsAndChecksOut() throws {
            let cluster = try #require(RGWCluster.current)
            let client = try cluster.freshBucket()
            let workspace = try PublisherWorkspace(cluster: cluster, bucket: client.configuration.bucket)
            let size = 80 << 20
            let file = try workspace.randomFile("big.bin", count: size, seed: 64)
            #expect(try workspace.run(["add", file, "--id", "big"]).status == 0)
            let started = Date()
            let publish = try workspace.run(["publish"])
            let seconds = Date().timeIntervalSince(started)
            #expect(publish.status == 0, "\(publish.output)")
            #expect(publish.output.contains("1 blobs sent (\(size) bytes)"), "\(publish.output)")
            // Progress on stderr (not a terminal here: the last line only, and one every 2 s before it).
            #expect(publish.output.contains("bucket: 1/1 blobs, "), "\(publish.output)")
            let key = try #require(try client.listAll(prefix: "blobs/").first?.key)
            // 80 MiB in 16 MiB parts: five, and the ETag says so.
            #expect(try client.head(key: key)?.etag.hasSuffix("-5\"") == true)
            let checkStarted = Date()
            let fsck = try workspace.run(["fsck", "--storage"])
            #expect(fsck.status == 0, "\(fsck.output)")
            print(String(format: "publish of an 80 MiB pack to RGW: %.2f s (%.0f MiB/s with the process start); fsck --storage %.2f s",
                seconds, 80 / seconds, Date().timeIntervalSince(checkStarted)))
        }

        /// The wiring of a publisher `serve`: started after a publish whose bucket write failed, it completes the
        /// bucket at start-up without anyone running anything.
        @Test func aPublisherServeCompletesTheBucketAtStartUp() throws {
            let cluster = try #require(RGWCluster.current)
            let client = try cluster.freshBucket()
            let bucket = S3ObjectBucket(client: client)
            let workspace = try PublisherWorkspace(cluster: cluster, bucket: "missing-" + client.configuration.bucket)
            let file = try workspace.randomFile("p.bin", count: 50_000, seed: 9)
            #expect(try workspace.run(["add", file, "--id", "pack"]).status == 0)
            #expect(try workspace.run(["publish"]).status == 1)

            try workspace.configure(bucket: client.configuration.bucket)
            let serve = try workspace.spawn(["serve"])
            var pointer: BucketPointer?
            // `builds.json` is the last object a sync writes (after the root pointer and every channel's).
            Poll.blockingUntil(within: .seconds(30), every: .milliseconds(50)) {
                pointer = try? bucket.get(BucketLayout().pointer).map(BucketPointer.init(json:))
                return (pointer != nil && (try? bucket.get(BucketLayout().buildMap)) != nil) || serve.hasExited
            }
            let status = serve.kill9()
            #expect(pointer?.release == 1, "serve exited \(status): \(serve.output)")
            #expect(try workspace.run(["fsck", "--storage"]).status == 0)
        }
    }
}
