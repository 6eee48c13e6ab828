import Crypto
import Digests
import Foundation
import HTTP1
import HTTPClient
import Synchronization

/// The client side of the admin API (docs/api.md "Admin API"): a pack upload streamed from its file (never
/// read into memory) with progress, and small JSON requests.
public final class AdminClient: Sendable {
    /// A response: status and body (uploads and admin answers are small JSON documents).
    public struct Answer: Sendable {
        public var status: Int
        public var body: Data

        /// The problem document's `detail`, else the body as text.
        public var detail: String {
            ProblemDetails.detail(in: body) ?? String(decoding: body, as: UTF8.self)
        }
    }

    /// Admin answers are small documents; a larger one is not an answer of this API.
    static let maximumAnswerBytes = 1 << 20

    private let server: URL
    private let token: String
    private let client: HTTPClient

    /// - Parameters:
    ///   - server: the base URL (`http://127.0.0.1:8080`); admin paths are resolved against it.
    ///   - caFile: PEM certificates to trust for HTTPS instead of the system's (a development CA).
    public init(server: URL, token: String, caFile: String? = nil) throws(HTTPClientError) {
        self.server = server
        self.token = token
        client = try HTTPClient(userAgent: "packserve-push", timeout: 300, caFile: caFile)
    }

    /// `PUT /admin/packs/{id}` of `file`, with its SHA-256 as `Content-Digest` so the server keeps nothing
    /// if a byte changes on the way. `progress` gets bytes sent and the total.
    public func upload(
        file: URL, id: String, query: [URLQueryItem], progress: @escaping @Sendable (Int64, Int64) -> Void
    ) async throws -> Answer {
        let digest = try FileDigest.digest(SHA256.self, ofFileAt: file.path).digest
        let length = try Int64(FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int ?? 0)
        var components = URLComponents(url: endpoint("packs/\(id)"), resolvingAgainstBaseURL: false)!
        if !query.isEmpty { components.queryItems = query }
        let headers = [
            (name: "Content-Digest", value: "sha-256=:\(Data(digest).base64EncodedString()):"),
            (name: "Content-Type", value: "application/octet-stream"),
        ]
        return try await run(
            ClientRequest(method: "PUT", url: components.url!, headers: headers, body: .file(path: file.path, length: length)),
            sent: { progress($0, length) })
    }

    /// A small request with a JSON body (or none).
    public func send(_ method: String, _ path: String, json: Data? = nil) async throws -> Answer {
        let headers = json == nil ? [] : [(name: "Content-Type", value: "application/json")]
        return try await run(ClientRequest(method: method, url: endpoint(path), headers: headers, body: json.map { .bytes(Array($0)) }))
    }

    private func run(_ request: ClientRequest, sent: @escaping @Sendable (Int64) -> Void = { _ in }) async throws -> Answer {
        var request = request
        request.headers.append((name: "Authorization", value: "Bearer \(token)"))
        let body = Mutex(Data())
        let head = try await client.send(
            request,
            body: { bytes in
                try body.withLock { data in
                    guard data.count + bytes.count <= Self.maximumAnswerBytes else {
                        throw HTTPClientError(.malformedResponse, origin: self.server.absoluteString, "an answer over \(Self.maximumAnswerBytes) bytes")
                    }
                    data.append(contentsOf: bytes)
                }
            }, sent: sent)
        return Answer(status: head.status, body: body.withLock { $0 })
    }

    private func endpoint(_ path: String) -> URL {
        server.appendingPathComponent("admin").appendingPathComponent(path)
    }
}
