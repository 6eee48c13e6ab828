import Dispatch
import Foundation
import HTTPServer
import Logging
import PackStore
import Synchronization
import Testing

@testable import PackServer

/// Purge requests as a cache receives them, from a real socket: the key header, the extra headers of
/// `headersFile`, one request per batch and endpoint, retries after a failure.
@Suite struct CachePurgerTests {
    /// Answers 503 (with `retryAfter` as its Retry-After) to the first `failures` requests, then 200; records
    /// what arrived and when.
    final class RecordingCache: HTTPResponder {
        let received = Mutex<[(method: String, keys: String?, token: String?, at: ContinuousClock.Instant)]>([])
        let failures: Int
        let retryAfter: String?
        /// Signalled at each request, for a test to wait on.
        let arrivals = DispatchSemaphore(value: 0)

        init(failures: Int = 0, retryAfter: String? = nil) {
            self.failures = failures
            self.retryAfter = retryAfter
        }

        func respond(to request: HTTPRequest) -> HTTPResponse {
            let count = received.withLock { list in
                list.append((request.method.rawValue, request.head.headers["surrogate-key"], request.head.headers["x-api-token"], .now))
                return list.count
            }
            arrivals.signal()
            guard count <= failures else { return HTTPResponse(status: .ok) }
            var response = HTTPResponse(status: .serviceUnavailable)
            if let retryAfter { response.headers.add("Retry-After", retryAfter) }
            return response
        }
    }

    /// `attempts` in all, with no pause between them.
    static func policy(attempts: Int) -> RetryPolicy {
        RetryPolicy(firstPause: 0, maxPause: 0, maxAttempts: attempts, attemptTimeout: 5)
    }

    static func server(_ responder: RecordingCache) throws -> HTTPServer {
        let server = HTTPServer(
            configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0), responder: responder,
            logger: Logger(label: "cache") { _ in SwiftLogNoOpLogHandler() })
        try server.start()
        return server
    }

    static let logger = Logger(label: "purge") { _ in SwiftLogNoOpLogHandler() }

    @Test func everyBatchReachesEveryEndpointWithTheHeadersFile() async throws {
        let first = RecordingCache(), second = RecordingCache()
        let servers = [try Self.server(first), try Self.server(second)]
        let headers = FileManager.default.temporaryDirectory.appendingPathComponent("purge-\(UUID().uuidString)")
        try "# the CDN's API token\nX-API-Token: s3cret\n".write(to: headers, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: headers) }
        let purger = try CachePurger(
            endpoints: servers.map { PurgeEndpoint(url: "http://127.0.0.1:\($0.localPort)/", method: "POST", headersFile: headers.path) },
            keyHeader: "Surrogate-Key", logger: Self.logger, metrics: nil, policy: Self.policy(attempts: 1))
        let keys = ["packserve-documents"] + (0..<400).map { "pack-level-\($0)" }
        purger.purge(keys, reason: "test")
        purger.drain()
        for cache in [first, second] {
            let received = cache.received.withLock { $0 }
            #expect(received.count == PurgeKeys.batches(keys).count && received.count > 1)
            #expect(received.allSatisfy { $0.method == "POST" && $0.token == "s3cret" })
            let arrived: [String] = received.flatMap { entry -> [String] in
                (entry.keys ?? "").split(separator: " ").map(String.init)
            }
            #expect(arrived == keys)
        }
        for server in servers { await server.shutdown() }
    }

    @Test func aFailedPurgeIsRetriedAndAnUnreachableCacheGivenUp() async throws {
        let flaky = RecordingCache(failures: 2)
        let server = try Self.server(flaky)
        let purger = try CachePurger(
            endpoints: [PurgeEndpoint(url: "http://127.0.0.1:\(server.localPort)/", method: "POST")], keyHeader: "Surrogate-Key",
            logger: Self.logger, metrics: nil, policy: Self.policy(attempts: 4))
        purger.purge(["packserve-documents"], reason: "test")
        purger.drain()
        #expect(flaky.received.withLock { $0.map(\.keys) } == Array(repeating: "packserve-documents", count: 3))
        await server.shutdown()

        // Nothing listens any more: the purger gives up after its retries instead of blocking the next purge.
        purger.purge(["packserve-documents"], reason: "test")
        purger.drain()
        #expect(flaky.received.withLock { $0.count } == 3)
    }

    @Test func aBadEndpointIsAConfigurationError() {
        #expect(throws: ConfigurationError.key("cache.purge[0].url", "\"ftp://cache\" is not an http(s) URL")) {
            try CachePurger(endpoints: [PurgeEndpoint(url: "ftp://cache")], keyHeader: "xkey", logger: Self.logger, metrics: nil)
        }
        #expect(throws: ConfigurationError.self) {
            try CachePurger(
                endpoints: [PurgeEndpoint(url: "http://127.0.0.1:1/", headersFile: "/nonexistent/headers")], keyHeader: "xkey",
                logger: Self.logger, metrics: nil)
        }
    }
}

/// What `ReleaseWatcher` purges at each kind of go-live (docs/http.md "Purge on go-live").
@Suite struct GoLivePurgeTests {
    @Test func firstLoadNewReleaseAndNewSigningPurgeWhatTheyStale() async throws {
        let fixture = try ResponderFixture()
        let cache = CachePurgerTests.RecordingCache()
        let server = try CachePurgerTests.server(cache)
        let purger = try CachePurger(
            endpoints: [PurgeEndpoint(url: "http://127.0.0.1:\(server.localPort)/", method: "POST")],
            keyHeader: "Surrogate-Key", logger: CachePurgerTests.logger, metrics: nil, policy: CachePurgerTests.policy(attempts: 1))
        let purges = CatalogPurges()
        func serving(_ release: PublishedRelease) -> ServedCatalog {
            var catalog = ServedCatalog()
            catalog.replace(ServedChannel(production: release))
            return catalog
        }
        let first = try #require(fixture.live.release)
        purges.purge(serving(first), with: purger, listChanged: false)
        // The same release signed again: only the documents.
        let resigned = try first.serving(StoredManifest(
            version: 8, release: 1, issuedAt: 1_001, expiresAt: 2_001, keyID: "k", payload: Array("{}".utf8),
            payloadSignature: Array(repeating: 1, count: 64), detachedJWS: "aGVhZA..c2lnbmVk", profile: "p"))
        purges.purge(serving(resigned), with: purger, listChanged: false)
        purges.purge(serving(resigned), with: purger, listChanged: false)
        try fixture.store.add(file: fixture.file("level-1b", "changed"), id: "level-1")
        try fixture.publishAndServe()
        purges.purge(serving(try #require(fixture.live.release)), with: purger, listChanged: false)
        purger.drain()
        #expect(cache.received.withLock { $0.map(\.keys) } == [
            "packserve-documents packserve-documents-production packserve-releases",  // start-up
            "packserve-documents packserve-documents-production",
            "packserve-documents packserve-documents-production pack-level-1 pack.production.level-1",
            "packserve-releases",
        ])
        await server.shutdown()
    }
}
