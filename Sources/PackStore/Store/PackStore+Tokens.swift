import Foundation
import GRDB

/// API tokens (docs/api.md "Tokens"): made, listed and revoked by the CLI, verified by the server.
extension PackStore {
    /// Makes a token named `name` with `scopes`; returns its secret, which is stored nowhere (only its
    /// SHA-256 is), so this is the only time anyone sees it.
    public func createToken(name: String, scopes: Set<TokenScope>) throws(PackStoreError) -> (secret: String, token: AdminToken) {
        guard NameRules.isValidTag(name) else { throw .invalidTokenName(name) }
        guard !scopes.isEmpty else { throw .unknownScope("") }
        let secret = TokenSecret.generate()
        let row = AdminTokenRecord(
            name: name, digest: Data(TokenSecret.digest(of: secret)), scopes: TokenScope.encode(scopes),
            // Whole seconds: they survive the index's text form exactly (a millisecond value may come back
            // one ulp off), so the returned token equals the one read back later.
            createdAt: Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down)))
        try write { db in
            guard try AdminTokenRecord.fetchOne(db, key: name) == nil else { throw PackStoreError.tokenExists(name) }
            try row.insert(db)
        }
        return (secret, AdminToken(row))
    }

    /// Every token, by name.
    public func tokens() throws(PackStoreError) -> [AdminToken] {
        try read { db in try AdminTokenRecord.order(Column("name")).fetchAll(db).map(AdminToken.init) }
    }

    /// Deletes a token: from the next request on, it is refused.
    public func revokeToken(name: String) throws(PackStoreError) {
        try write { db in
            guard try AdminTokenRecord.deleteOne(db, key: name) else { throw PackStoreError.unknownToken(name) }
        }
    }

    /// The stored digests of the tokens that carry `scope`, for a server that checks them in memory (the
    /// `download` tokens of private packs, checked on the request path where the index is not read).
    public func tokenDigests(withScope scope: TokenScope) throws(PackStoreError) -> [Data] {
        try read { db in
            try AdminTokenRecord.fetchAll(db).filter { TokenScope.decode($0.scopes).contains(scope) }.map(\.digest)
        }
    }

    /// The token whose secret `presented` is, or nil. The presented secret is hashed once and compared with
    /// every stored digest by `comparator` — all of them, whether or not one matched — so the time taken
    /// depends only on the number of tokens.
    public func verifyToken(
        _ presented: String, comparator: some TokenDigestComparator = ConstantTimeDigestComparator()
    ) throws(PackStoreError) -> AdminToken? {
        let digest = TokenSecret.digest(of: presented)
        let rows = try read { db in try AdminTokenRecord.fetchAll(db) }
        var match: AdminTokenRecord?
        for row in rows where comparator.matches(digest, row.digest) {
            match = match ?? row
        }
        return match.map(AdminToken.init)
    }
}

extension AdminToken {
    init(_ row: AdminTokenRecord) {
        self.init(name: row.name, scopes: TokenScope.decode(row.scopes), createdAt: row.createdAt)
    }
}
