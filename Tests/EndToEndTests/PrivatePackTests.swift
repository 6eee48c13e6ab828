import Foundation
import CDNSimulation
import Testing

extension EndToEnd {
    /// Issue 12, done means 3 (docs/api.md "Private packs"), where a process matters: a URL signed by the
    /// CLI opens the running server's pack, a token made by the CLI is taken up within a poll, and what a
    /// refused HEAD puts on the wire. The routes' own rules are ApplicationTests' `PrivatePacks`.
    @Suite struct PrivatePacks {
        struct Fixture {
            let session: AdminSession
            let paid: String
            let paidSHA256: String
            let paidBytes: Data

            var server: RunningPackServe { session.server }

            static func start() async throws -> Fixture {
                var paid = ""
                let session = try await AdminSession.start(tokens: ["app": "download", "ci": "upload,publish,read"]) { store in
                    paid = try store.randomFile("paid.bin", count: 300_000)
                    try await store.run(["add", paid, "--id", "paid"])
                    try await store.run(["add", try store.randomFile("free.bin", count: 1000), "--id", "free"])
                    try await store.run(["set", "paid", "--access", "private"])
                    try await store.run(["publish"])
                    return [:]
                }
                return Fixture(
                    session: session, paid: paid, paidSHA256: try await ExternalTool.sha256(of: paid),
                    paidBytes: try Data(contentsOf: URL(fileURLWithPath: paid)))
            }

            /// `sign-url`'s URL, moved onto the running server (the CLI names `publicBaseURL`).
            func signedURL(ttl: Int) async throws -> String {
                let printed = try await session.store.run(["sign-url", "paid", "--ttl", String(ttl)])
                let url = try #require(URLComponents(string: printed.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
                return server.url(url.percentEncodedPath + "?" + (url.percentEncodedQuery ?? ""))
            }

            func get(_ url: String, token: String? = nil, _ arguments: [String] = []) async throws -> StoreResponse {
                let authorization = token.map { ["-H", "Authorization: Bearer \(session.tokens[$0] ?? $0)"] } ?? []
                return try await StoreResponse.get(url, curlArguments: authorization + arguments)
            }
        }

        /// What every refusal looks like: 403, a problem document, `Cache-Control: no-store`, none of the bytes.
        static func expectRefused(_ response: StoreResponse, _ paid: Data, _ what: String) {
            #expect(response.status == 403, "\(what): \(response.status) \(response.text)")
            #expect(response.headers["cache-control"] == "no-store", "\(what)")
            #expect(response.headers["content-type"] == "application/problem+json", "\(what)")
            #expect(response.body.count < 1000 && !paid.prefix(64).isEmpty && response.body.range(of: paid.prefix(64)) == nil, "\(what)")
        }
    }
}
