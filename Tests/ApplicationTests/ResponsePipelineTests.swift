import Foundation
import PackServeTesting
import PackServer
import PackStore
import Testing

/// Round 3, finding 5 and "one response pipeline": a replica's read-through answers (deferred until the blob
/// is copied) skipped the response headers — no Cache-Control, no surrogate key, no `no-store` on their 503,
/// no `private, no-store` under `requireCredentials`, no CORS — and metrics labelled them "other"; 405 and
/// 421 lacked `no-store`. Every final response now passes `ResponseFinisher`. This table checks the headers
/// of every content route, given at once and later, for public, private and credentialed answers.
@Suite struct ResponsePipelineTests {
    static let shared = "public, max-age=0, s-maxage=60, stale-if-error=86400"
    static let immutable = "public, max-age=31536000, immutable"
    static let origin = "http://localhost"
    static let token = "pst_pipelineToken42"

    /// One request and the headers its answer must carry.
    struct Case: CustomStringConvertible {
        let label: String
        let method: String
        let path: String
        var headers: [(String, String)] = []
        let status: Int
        let cacheControl: String
        /// The surrogate key (`xkey`), nil for none.
        let key: String?
        /// Whether the answer carries the pack's bytes (then `nosniff` and the sandbox CSP too).
        var bytes = false
        var cors = true

        var description: String { label }
    }

    static func check(_ response: TestResponse, _ expected: Case, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(response.status == expected.status, "\(expected): \(response.status) \(response.text)", sourceLocation: sourceLocation)
        #expect(response.headers["cache-control"] == expected.cacheControl, "\(expected): \(response.headers)", sourceLocation: sourceLocation)
        #expect(response.headers["xkey"] == expected.key, "\(expected): \(response.headers)", sourceLocation: sourceLocation)
        if expected.cors {
            #expect(response.headers["access-control-allow-origin"] == Self.origin, "\(expected): \(response.headers)", sourceLocation: sourceLocation)
        }
        if expected.bytes {
            #expect(response.headers["x-content-type-options"] == "nosniff", "\(expected): \(response.headers)", sourceLocation: sourceLocation)
            #expect(response.headers["content-security-policy"] == "sandbox", "\(expected): \(response.headers)", sourceLocation: sourceLocation)
        }
    }

    static func send(_ replica: InProcessReplica, _ request: Case) async throws -> TestResponse {
        try await replica.client.request(request.method, request.path, headers: [("Origin", Self.origin)] + request.headers)
    }

    /// On-demand packs a replica reads through on first request: each case below asks for its own, so that
    /// request's answer is given later (deferred); asked again, the same answer is given at once.
    @Test func aReplicasAnswersAtOnceAndLaterCarryTheSameHeaders() async throws {
        let setup = try await ReplicaTests.start(metrics: true)
        defer { Task { await setup.replica.stop() } }
        // `ReplicaTests.pack` makes bytes from a name's length and first letter: each name differs in both.
        let names = ["a", "bb", "ccc", "dddd", "eeeee", "ffffff", "ggggggg"]
        let packs = Dictionary(uniqueKeysWithValues: names.map { name in
            (name, ReplicaTests.pack(name, 4_000, policy: .onDemand, access: name == "ffffff" ? .private : .public))
        })
        try setup.writer.writeDownloadTokens([Self.token])
        try setup.writer.publish(
            release: 1, version: 1, packs: [ReplicaTests.pack("live")] + names.map { packs[$0]! }, notBefore: setup.now - 1,
            issuedAt: setup.now - 1)
        setup.replica.poll()
        #expect(try await setup.version() == 1)

        func blob(_ name: String) -> String { "/blobs/sha256/\(packs[name]!.sha256)" }
        let etag = "\"\(packs["ccc"]!.sha256)\""
        let cases = [
            Case(label: "pack 200", method: "GET", path: "/packs/a", status: 200, cacheControl: Self.shared, key: "pack-a pack.production.a", bytes: true),
            Case(label: "pack 206", method: "GET", path: "/packs/bb", headers: [("Range", "bytes=10-19")], status: 206,
                 cacheControl: Self.shared, key: "pack-bb pack.production.bb", bytes: true),
            Case(label: "pack 304", method: "GET", path: "/packs/ccc", headers: [("If-None-Match", etag)], status: 304,
                 cacheControl: Self.shared, key: "pack-ccc pack.production.ccc", bytes: true),
            Case(label: "blob 200", method: "GET", path: blob("dddd"), status: 200, cacheControl: Self.immutable,
                 key: "blob-\(packs["dddd"]!.sha256)", bytes: true),
            Case(label: "blob HEAD 304", method: "HEAD", path: blob("eeeee"), headers: [("If-None-Match", "\"\(packs["eeeee"]!.sha256)\"")],
                 status: 304, cacheControl: Self.immutable, key: "blob-\(packs["eeeee"]!.sha256)", bytes: true),
            Case(label: "private pack 200", method: "GET", path: "/packs/ffffff", headers: [("Authorization", "Bearer \(Self.token)")],
                 status: 200, cacheControl: "private, no-store", key: nil, bytes: true),
        ]
        for request in cases {
            let name = String(request.path.split(separator: "/").last!)
            let digest = packs[name]?.sha256 ?? name
            #expect(!setup.replica.application.cache.contains(digest), "\(request): the blob is local already")
            Self.check(try await Self.send(setup.replica, request), request)
        }
        // The same requests again: every blob is local now, so each answer is given at once.
        for request in cases {
            Self.check(try await Self.send(setup.replica, request), request)
        }

        // A copy that fails: the deferred 503 is an error, never stored, and says when to come back.
        setup.bucket.setCopiesFail(true)
        let failed = Case(label: "read-through 503", method: "GET", path: "/packs/ggggggg", status: 503, cacheControl: "no-store", key: nil)
        let unavailable = try await Self.send(setup.replica, failed)
        Self.check(unavailable, failed)
        #expect(unavailable.headers["retry-after"] == "1")
        setup.bucket.setCopiesFail(false)

        // Answers no route gave, and errors, are never stored either.
        let refusals = [
            Case(label: "private pack 403", method: "GET", path: "/packs/ffffff", status: 403, cacheControl: "no-store", key: nil),
            Case(label: "unknown pack 404", method: "GET", path: "/packs/nothing", status: 404, cacheControl: "no-store", key: nil),
            Case(label: "405", method: "DELETE", path: "/packs/a", status: 405, cacheControl: "no-store", key: nil),
            Case(label: "admin 403", method: "GET", path: "/admin/releases", status: 403, cacheControl: "no-store", key: nil, cors: false),
            Case(label: "document 200", method: "GET", path: "/manifest.json", status: 200, cacheControl: Self.shared, key: "packserve-documents packserve-documents-production"),
        ]
        for request in refusals {
            Self.check(try await Self.send(setup.replica, request), request)
        }

        // The deferred answers are counted under their route, not "other".
        let metrics = setup.metrics()
        #expect(metrics.contains(#"route="/packs/{id}",status="503"} 1"#), "\(metrics)")
        #expect(metrics.contains(#"route="/blobs/sha256/{hex}",status="200"} 2"#), "\(metrics)")
        #expect(!metrics.contains(#"route="other",status="200""#), "\(metrics)")
    }

    /// A catalog that needs credentials: its answers, given at once or later, are never kept for others.
    @Test func aCredentialedReplicasAnswersAreNeverShared() async throws {
        let scratch = try ScratchDirectory("pipeline-bucket")
        let bucket = ControlledBucket(root: scratch.path)
        let replica = try await InProcessReplica.start(
            bucket: bucket, overrides: ["catalog": ["requireCredentials": true] as [String: any Sendable]])
        defer { Task { await replica.stop() } }
        let writer = BucketReleaseWriter(bucket: bucket)
        let later = ReplicaTests.pack("later", 4_000, policy: .onDemand)
        try writer.writeDownloadTokens([Self.token])
        try writer.publish(
            release: 1, version: 1, packs: [ReplicaTests.pack("live"), later], notBefore: replica.clock.now - 1,
            issuedAt: replica.clock.now - 1)
        replica.poll()
        let bearer = ("Authorization", "Bearer \(Self.token)")
        let cases = [
            Case(label: "credentialed deferred 200", method: "GET", path: "/packs/later", headers: [bearer], status: 200,
                 cacheControl: "private, no-store", key: nil, bytes: true),
            Case(label: "credentialed 200", method: "GET", path: "/packs/later", headers: [bearer], status: 200,
                 cacheControl: "private, no-store", key: nil, bytes: true),
            Case(label: "credentialed document", method: "GET", path: "/manifest.json", headers: [bearer], status: 200,
                 cacheControl: "private, no-store", key: nil),
            Case(label: "credentialed 401", method: "GET", path: "/packs/later", status: 401, cacheControl: "private, no-store", key: nil),
        ]
        #expect(!replica.application.cache.contains(later.sha256))
        for request in cases {
            Self.check(try await Self.send(replica, request), request)
        }
    }
}
