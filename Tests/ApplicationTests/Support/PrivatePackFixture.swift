import Foundation
import PackServeTesting
import PackStore

/// A running server whose release 1 holds a private pack `paid` (300,000 bytes) and a public one `free`,
/// with a `download` token `app` and an upload/publish/read token `ci`.
struct PrivatePackFixture {
    let server: InProcessPackServe
    let paidSHA256: String
    let paidBytes: Data
    let tokens: [String: String]

    static func start() async throws -> PrivatePackFixture {
        let server = try await InProcessPackServe.start()
        let paid = try server.addRandom("paid.bin", count: 300_000, id: "paid")
        try server.addRandom("free.bin", count: 1000, id: "free")
        try server.store.set(id: "paid", access: .private)
        try server.publish()
        let tokens = [
            "app": try server.createToken(name: "app", scopes: "download"),
            "ci": try server.createToken(name: "ci", scopes: "upload,publish,read"),
        ]
        // The watcher's poll takes up the new tokens.
        server.refresh()
        return PrivatePackFixture(
            server: server, paidSHA256: try FileDigest.sha256(of: paid),
            paidBytes: try Data(contentsOf: URL(fileURLWithPath: paid)), tokens: tokens)
    }

    /// GET `path` (with its query), with the named token (or a literal one) as a bearer token.
    func get(_ path: String, token: String? = nil, headers: [(String, String)] = []) async throws -> TestResponse {
        let authorization = token.map { [("Authorization", "Bearer \(tokens[$0] ?? $0)")] } ?? []
        return try await server.client.get(path, headers: authorization + headers)
    }

    /// `POST /admin/urls` with the `app` token: a signed URL of `paid`, as its path and query.
    func signedPath(ttl: Int) async throws -> String {
        let minted = try await mint(#"{"id":"paid","ttl":\#(ttl)}"#, token: "app")
        guard minted.status == 200, let url = minted.object?["url"] as? String, let parts = URLComponents(string: url) else {
            throw LoopbackClientError("POST /admin/urls: \(minted.status) \(minted.text)")
        }
        return parts.percentEncodedPath + "?" + (parts.percentEncodedQuery ?? "")
    }

    func mint(_ json: String, token: String) async throws -> TestResponse {
        try await server.client.send(
            "POST", "/admin/urls", json: json,
            headers: [("Authorization", "Bearer \(tokens[token] ?? token)"), ("Content-Type", "application/json")])
    }
}
