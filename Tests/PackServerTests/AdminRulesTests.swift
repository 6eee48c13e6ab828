import Foundation
import HTTPServer
import PackStore
import Synchronization
import Testing

@testable import PackServer

/// The admin API's pure rules: routing, bearer credentials, Content-Digest, the slow-down rule.
@Suite struct AdminRulesTests {
    @Test func routesAndScopes() throws {
        #expect(try AdminEndpoint.route(method: .put, path: "/admin/packs/level-1").get() == .putPack(id: "level-1"))
        #expect(try AdminEndpoint.route(method: .patch, path: "/admin/packs/a%2Db").get() == .patchPack(id: "a-b"))
        #expect(try AdminEndpoint.route(method: .head, path: "/admin/draft").get() == .draft)
        #expect(AdminEndpoint.putPack(id: "x").scope == .upload)
        #expect(AdminEndpoint.draft.scope == .read)
        #expect([AdminEndpoint.publish, .rollback, .deletePack(id: "x"), .patchPack(id: "x")].allSatisfy { $0.scope == .publish })
        #expect(AdminEndpoint.route(method: .get, path: "/admin/publish") == .failure(.methodNotAllowed(allow: "POST")))
        #expect(try AdminEndpoint.route(method: .post, path: "/admin/urls").get() == .signURL)
        #expect(AdminEndpoint.signURL.scope == .download && AdminEndpoint.signURL.body == .json)
        #expect(AdminEndpoint.route(method: .get, path: "/admin/packs/a/b") == .failure(.notFound("/admin/packs/a/b")))
        #expect(AdminEndpoint.route(method: .put, path: "/admin/packs/..") == .failure(.malformedPath))
        #expect(AdminEndpoint.isAdminPath("/admin/x") && AdminEndpoint.isAdminPath("/admin"))
        #expect(!AdminEndpoint.isAdminPath("/administrator"))
    }

    @Test(arguments: [
        ("Bearer pst_abc-_DEF", "pst_abc-_DEF"),
        ("bearer   abc==", "abc=="),
        ("Basic dXNlcjpwYXNz", nil),
        ("Bearer", nil),
        ("Bearer a b", nil),
        ("Bearer =abc", nil),
        ("Bearer ab=c", nil),
    ] as [(String, String?)])
    func bearerCredentials(field: String, token: String?) {
        #expect(BearerCredentials.token(in: ["authorization": field]) == token)
    }

    @Test func contentDigestIsParsedAsAStructuredDictionary() throws {
        let digest = Array(0..<32).map(UInt8.init)
        let base64 = Data(digest).base64EncodedString()
        #expect(try ContentDigest.sha256(in: [:]) == nil)
        #expect(try ContentDigest.sha256(in: ["content-digest": "sha-256=:\(base64):"]) == digest)
        #expect(try ContentDigest.sha256(in: ["content-digest": "sha-512=:AAAA:, sha-256=:\(base64):"]) == digest)
        for bad in ["sha-256=\(base64)", "sha-512=:AAAA:", "sha-256=:AAAA:", "sha-256=:\(base64)", "=="] {
            #expect(throws: AdminRefusal.self, "\(bad)") { try ContentDigest.sha256(in: ["content-digest": bad]) }
        }
    }

    /// Five failures are free; then 1 s, 2 s, 4 s … at most 60 s; a quiet minute forgets.
    @Test func theSlowDownRule() {
        var record = FailureRecord()
        for second in 0..<5 { record.failed(at: Double(second)) }
        #expect(record.retryAfter(at: 5) == nil)
        record.failed(at: 5)
        #expect(record.retryAfter(at: 5) == 1)
        #expect(record.retryAfter(at: 6) == nil)
        record.failed(at: 6)
        #expect(record.retryAfter(at: 6.5) == 2)
        for second in 7..<20 { record.failed(at: Double(second)) }
        #expect(record.retryAfter(at: 19) == 60)
        #expect(!record.isForgotten(at: 78))
        #expect(record.isForgotten(at: 80))
        record.failed(at: 200)
        #expect(record.retryAfter(at: 200) == nil, "a minute without failures starts the count again")
    }

    @Test func aSuccessForgetsTheAddress() {
        let now = Mutex(0.0)
        let throttle = AuthenticationThrottle { now.withLock { $0 } }
        for _ in 0..<6 { throttle.recordFailure(from: "192.0.2.1") }
        #expect(throttle.retryAfter(for: "192.0.2.1") == 1)
        #expect(throttle.retryAfter(for: "192.0.2.2") == nil)
        throttle.recordSuccess(from: "192.0.2.1")
        #expect(throttle.retryAfter(for: "192.0.2.1") == nil)
    }

    @Test func storeRefusalsGetTheirStatus() {
        #expect(AdminRefusal.status(of: .io(operation: "write", path: "/x", errno: ENOSPC)) == .insufficientStorage)
        #expect(AdminRefusal.status(of: .io(operation: "write", path: "/x", errno: EIO)) == .internalServerError)
        #expect(AdminRefusal.status(of: .packTooLarge(path: "u", size: 2, maxPackBytes: 1)) == .contentTooLarge)
        #expect(AdminRefusal.status(of: .digestMismatch(expected: "a", actual: "b")) == .badRequest)
        #expect(AdminRefusal.status(of: .nothingToPublish(latestRelease: 1)) == .conflict)
        #expect(AdminRefusal.status(of: .unknownPackID("x")) == .notFound)
    }
}
