import Crypto
import Foundation
import HTTP1
import HTTPServer
import Logging
import PackStore
import Synchronization
import Testing

@testable import PackServer

/// The server verifies tokens through the constant-time comparator: the production wiring uses
/// `ConstantTimeDigestComparator`, and a request through the admin API compares through whatever
/// comparator the API holds, once per stored token.
@Suite struct AdminTokenComparisonTests {
    final class RecordingComparator: TokenDigestComparator {
        let calls = Mutex(0)

        func matches(_ presented: SHA256Digest, _ stored: Data) -> Bool {
            calls.withLock { $0 += 1 }
            return ConstantTimeDigestComparator().matches(presented, stored)
        }
    }

    static func store() throws -> PackStore {
        try PackStore(dataDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("admin-\(UUID().uuidString)"))
    }

    static let logger = Logger(label: "admin-tests") { _ in SwiftLogNoOpLogHandler() }

    @Test func theServersDefaultComparatorIsTheConstantTimeOne() throws {
        let admin = AdminAPI(store: try Self.store(), signer: nil, limits: AdminLimits(), logger: Self.logger)
        #expect(admin.tokenComparator is ConstantTimeDigestComparator)
    }

    @Test func everyAdminRequestComparesThroughTheAPIsComparator() throws {
        let store = try Self.store()
        let secret = try store.createToken(name: "ci", scopes: [.read]).secret
        _ = try store.createToken(name: "other", scopes: [.read])
        let comparator = RecordingComparator()
        let admin = AdminAPI(store: store, signer: nil, limits: AdminLimits(), logger: Self.logger, comparator: comparator)
        let loopback = RequestOrigin(peer: .init(address: "127.0.0.1", isLoopback: true), isSecure: false)
        for (token, admitted) in [(secret, true), ("pst_wrong", false)] {
            let head = HTTPRequestHead(
                method: .get, target: "/admin/draft", path: "/admin/draft", headers: ["authorization": "Bearer \(token)"])
            let before = comparator.calls.withLock { $0 }
            let outcome = admin.authorize(HTTPRequest(head: head, origin: loopback), for: .draft, from: "127.0.0.1")
            #expect(((try? outcome.get()) != nil) == admitted)
            #expect(comparator.calls.withLock { $0 } - before == 2, "one comparison per stored token")
        }
    }
}
