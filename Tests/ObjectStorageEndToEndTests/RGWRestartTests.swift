import Foundation
import ObjectStorage
import Synchronization
import Testing

extension ObjectStorageEndToEnd {
    /// The gateway goes away and comes back: idempotent requests are sent again and succeed; a request that
    /// gives up names the failure. A suite (and cluster) of its own, since it stops the gateway other tests
    /// would be using.
    @Suite
    struct RGWRestartTests {
        /// What the backoff closure saw and did.
        final class Restarts: Sendable {
            let attempts = Mutex<[Int]>([])
            let failure = Mutex<String?>(nil)
        }

        @Test func aRequestIsSentAgainOnceTheGatewayIsBack() throws {
            let cluster = try #require(RGWCluster.current)
            let bucket = try cluster.freshBucket()
            let etag = try bucket.put(key: "current.json", bytes: Array("{\"version\":7}".utf8))
            let restarts = Restarts()
            // The gateway is restarted during the pause after the first failed attempt: deterministic, no timing.
            let s3 = try S3Client(configuration: bucket.configuration, backoff: { attempt in
                restarts.attempts.withLock { $0.append(attempt) }
                do { try cluster.gateway(running: true) } catch { restarts.failure.withLock { $0 = "\(error)" } }
                return 0
            })
            try cluster.gateway(running: false)
            #expect(try s3.get(key: "current.json", ifNoneMatch: etag) == .notModified)
            #expect(restarts.attempts.withLock { $0 } == [1])
            #expect(restarts.failure.withLock { $0 } == nil)

            // Down for good: the client gives up after maxAttempts with the connection's failure.
            let noRestart = try S3Client(configuration: bucket.configuration, backoff: { _ in 0 })
            try cluster.gateway(running: false)
            defer { try? cluster.gateway(running: true) }
            let error = #expect(throws: ObjectStorageError.self) { try noRestart.head(key: "current.json") }
            #expect(error?.transportFailure == .connectionRefused)
            #expect(error?.detail.contains("HEAD current.json") == true)
        }
    }
}
