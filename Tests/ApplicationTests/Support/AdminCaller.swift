import Foundation
import HTTPClient
import PackServeTesting
import Testing

/// An in-process server with named admin tokens, for the admin API tests: each request carries the token
/// of the caller's choice.
struct AdminCaller {
    let server: InProcessPackServe
    /// Secrets by name, as `token create` prints them.
    let tokens: [String: String]

    /// Starts a server and makes the tokens (`name: scopes`).
    static func start(tokens specification: [String: String], overrides: [String: any Sendable] = [:]) async throws -> AdminCaller {
        let server = try await InProcessPackServe.start(overrides: overrides)
        var tokens: [String: String] = [:]
        for (name, scopes) in specification { tokens[name] = try server.createToken(name: name, scopes: scopes) }
        return AdminCaller(server: server, tokens: tokens)
    }

    /// `method path`; `token` names one of `tokens` or is sent as it is (nil sends no Authorization).
    func request(
        _ method: String, _ path: String, token: String?, json: String? = nil, headers: [(String, String)] = []
    ) async throws -> TestResponse {
        let authorization = token.map { [("Authorization", "Bearer \(tokens[$0] ?? $0)")] } ?? []
        return try await server.client.request(
            method, path, headers: authorization + headers, body: json.map { .bytes(Array($0.utf8)) })
    }

    /// `PUT /admin/packs/{id}` of a file, streamed (with Content-Length).
    func upload(_ file: String, id: String, query: String = "", token: String? = "ci", headers: [(String, String)] = [])
        async throws -> TestResponse
    {
        let authorization = token.map { [("Authorization", "Bearer \(tokens[$0] ?? $0)")] } ?? []
        return try await server.client.send(
            "PUT", "/admin/packs/\(id)\(query.isEmpty ? "" : "?" + query)", file: file, headers: authorization + headers)
    }

    /// Production at release 1 (pack `a`, 1,000 bytes) and beta at release 2 (`a` again, 2,000 other bytes):
    /// release 2 is a candidate for production's rollouts. Published with token `ci`.
    func publishCandidate() async throws {
        #expect(try await upload(try server.directory.randomFile("a1.bin", count: 1_000), id: "a").status == 201)
        #expect(try await request("POST", "/admin/publish", token: "ci").status == 200)
        #expect(try await request("PUT", "/admin/channels/beta", token: "ci").status == 201)
        #expect(try await upload(try server.directory.randomFile("a2.bin", count: 2_000), id: "a").status == 201)
        #expect(try await request("POST", "/admin/publish", token: "ci", json: #"{"channel":"beta"}"#).status == 200)
    }
}
