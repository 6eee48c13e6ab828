import Foundation
import CDNSimulation

/// A store, its tokens and a running server, for the admin API tests: requests go through curl with the
/// token of the caller's choice.
struct AdminSession {
    let store: StoreWorkspace
    let server: RunningPackServe
    /// Tokens by name, as `token create` printed them.
    let tokens: [String: String]

    /// Makes the tokens (`name: scopes`) with the CLI, then starts the server. `prepare` runs first, on
    /// the empty workspace, and returns further config overrides.
    static func start(
        tokens specification: [String: String], overrides: [String: any Sendable] = [:],
        prepare: (StoreWorkspace) async throws -> [String: any Sendable] = { _ in [:] }
    ) async throws -> AdminSession {
        let store = try StoreWorkspace()
        let overrides = overrides.merging(try await prepare(store)) { $1 }
        var tokens: [String: String] = [:]
        for (name, scopes) in specification {
            let made = try await store.run(["token", "create", "--name", name, "--scope", scopes])
            tokens[name] = made.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return AdminSession(store: store, server: try await store.serve(overrides: overrides), tokens: tokens)
    }

    /// A request to the admin API; `token` names one of `tokens` (nil sends no Authorization).
    /// `host` sends it to that address of the plaintext listener instead of 127.0.0.1; `url` replaces the URL.
    func request(
        _ method: String, _ path: String, token: String?, curlArguments: [String] = [], host: String? = nil,
        url: String? = nil
    ) async throws -> StoreResponse {
        var arguments = ["-X", method] + curlArguments
        if let token { arguments += ["-H", "Authorization: Bearer \(tokens[token] ?? token)"] }
        let target = url ?? host.map { "http://\($0):\(server.port)\(path)" } ?? server.url(path)
        return try await StoreResponse.get(target, curlArguments: arguments)
    }

    /// `PUT /admin/packs/{id}` of a file, streamed by curl (`-T`, with Content-Length).
    func upload(_ file: String, id: String, query: String = "", token: String? = "ci", headers: [String] = [])
        async throws -> StoreResponse
    {
        try await request(
            "PUT", "/admin/packs/\(id)\(query.isEmpty ? "" : "?" + query)", token: token,
            curlArguments: ["-T", file] + headers.flatMap { ["-H", $0] })
    }

    /// Every file under the blob tree and in tmp/, with sizes: what must not change when an upload fails.
    func storedFiles() throws -> [String] {
        try Self.files(under: store.blobRoot, store.tempDirectory)
    }

    static func files(under roots: String...) throws -> [String] {
        var files: [String] = []
        for root in roots {
            let enumerator = FileManager.default.enumerator(atPath: root)
            while let path = enumerator?.nextObject() as? String {
                let attributes = try FileManager.default.attributesOfItem(atPath: "\(root)/\(path)")
                if attributes[.type] as? FileAttributeType == .typeRegular {
                    files.append("\(root)/\(path) \(attributes[.size] ?? 0)")
                }
            }
        }
        return files.sorted()
    }

    static func json(_ response: StoreResponse) -> Any? {
        try? JSONSerialization.jsonObject(with: response.body)
    }
}
