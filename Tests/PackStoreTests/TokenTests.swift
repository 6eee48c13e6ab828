import Crypto
import Foundation
import PackStore
import Synchronization
import Testing

/// API tokens: made once, stored as SHA-256 only, verified through the constant-time comparator against
/// every stored token, refused once revoked.
@Suite struct TokenTests {
    /// Records every comparison and answers it with swift-crypto's, as the real one does.
    final class RecordingComparator: TokenDigestComparator {
        let compared = Mutex<[Data]>([])

        func matches(_ presented: SHA256Digest, _ stored: Data) -> Bool {
            compared.withLock { $0.append(stored) }
            return ConstantTimeDigestComparator().matches(presented, stored)
        }
    }

    @Test func aTokenIsVerifiedByItsSecretAndStoredOnlyAsItsDigest() throws {
        let fixture = try TemporaryStore()
        let (secret, token) = try fixture.store.createToken(name: "ci", scopes: [.upload, .publish])
        #expect(secret.hasPrefix("pst_") && secret.count == 47)
        #expect(token.scopes == [.upload, .publish])
        #expect(try fixture.store.verifyToken(secret) == token)
        #expect(try fixture.store.verifyToken(secret + "x") == nil)
        #expect(try fixture.store.verifyToken(String(secret.dropLast())) == nil)
        #expect(try fixture.store.tokens() == [token])

        // Neither the index nor its write-ahead log holds the secret; they hold its SHA-256.
        let digest = Data(SHA256.hash(data: Data(secret.utf8)))
        var stored = Data()
        for name in ["index.sqlite", "index.sqlite-wal"] {
            stored += (try? Data(contentsOf: fixture.dataDirectory.appendingPathComponent(name))) ?? Data()
        }
        #expect(stored.range(of: Data(secret.utf8)) == nil)
        #expect(stored.range(of: Data(secret.dropFirst(4).utf8)) == nil)
        #expect(stored.range(of: digest) != nil)
    }

    @Test func twoTokensHaveDifferentSecrets() throws {
        let fixture = try TemporaryStore()
        let first = try fixture.store.createToken(name: "a", scopes: [.read]).secret
        let second = try fixture.store.createToken(name: "b", scopes: [.read]).secret
        #expect(first != second)
        #expect(try fixture.store.verifyToken(first)?.name == "a")
        #expect(try fixture.store.verifyToken(second)?.name == "b")
    }

    @Test func aRevokedTokenIsRefusedByEveryOpenStore() throws {
        let fixture = try TemporaryStore()
        let secret = try fixture.store.createToken(name: "ci", scopes: [.read]).secret
        let server = try fixture.openAgain()
        #expect(try server.verifyToken(secret) != nil)
        try fixture.store.revokeToken(name: "ci")
        #expect(try server.verifyToken(secret) == nil)
        #expect(try fixture.store.tokens().isEmpty)
        #expect(throws: PackStoreError.unknownToken("ci")) { try fixture.store.revokeToken(name: "ci") }
    }

    /// Verification compares with the comparator it is given, against every stored digest, whether the
    /// token matches the first, the last or none: the work does not depend on where (or whether) it matches.
    @Test func verificationComparesEveryStoredDigestThroughTheComparator() throws {
        let fixture = try TemporaryStore()
        let secrets = try (0..<5).map { try fixture.store.createToken(name: "t\($0)", scopes: [.read]).secret }
        let storedDigests = Set(secrets.map { Data(SHA256.hash(data: Data($0.utf8))) })
        for presented in [secrets[0], secrets[4], "pst_wrong"] {
            let comparator = RecordingComparator()
            _ = try fixture.store.verifyToken(presented, comparator: comparator)
            let compared = comparator.compared.withLock { $0 }
            #expect(compared.count == 5)
            #expect(Set(compared) == storedDigests)
        }
    }

    @Test func theDefaultComparatorIsSwiftCryptosDigestComparison() {
        let digest = SHA256.hash(data: Data("x".utf8))
        var bytes = Data(digest)
        #expect(ConstantTimeDigestComparator().matches(digest, bytes))
        bytes[31] ^= 1
        #expect(!ConstantTimeDigestComparator().matches(digest, bytes))
        #expect(!ConstantTimeDigestComparator().matches(digest, Data(digest).prefix(31)))
    }

    @Test(arguments: ["", "-lead", "has space", String(repeating: "a", count: 65)])
    func badNamesAreRefused(name: String) throws {
        let fixture = try TemporaryStore()
        #expect(throws: PackStoreError.invalidTokenName(name)) {
            try fixture.store.createToken(name: name, scopes: [.read])
        }
    }

    @Test func scopesParseFromACommaSeparatedList() throws {
        #expect(try TokenScope.parseList("upload,publish,read,download,rollout,reports") == Set(TokenScope.allCases))
        #expect(throws: PackStoreError.unknownScope("admin")) { try TokenScope.parseList("read,admin") }
        #expect(throws: PackStoreError.unknownScope("")) { try TokenScope.parseList("read,") }
    }
}
