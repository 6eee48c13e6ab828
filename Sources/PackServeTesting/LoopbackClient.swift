import Foundation
import HTTPClient
import Synchronization

/// The tiny HTTP/1.1 client tests talk to an in-process server with: the project's own `HTTPClient` (real
/// sockets, real framing), answers collected whole into a `TestResponse`.
public struct LoopbackClient: Sendable {
    /// `http://127.0.0.1:PORT`, without a trailing slash.
    public let origin: String
    private let client: HTTPClient

    public init(origin: String, timeout: Double = 30) throws {
        self.origin = origin
        client = try HTTPClient(userAgent: "packserve-tests", timeout: timeout)
    }

    /// Sends `method path` with `headers` and `body`, and reads the whole answer.
    public func request(
        _ method: String = "GET", _ path: String, headers: [(String, String)] = [], body: ClientRequest.Body? = nil
    ) async throws -> TestResponse {
        guard let url = URL(string: origin + path) else { throw LoopbackClientError("not a URL: \(origin + path)") }
        let received = Received()
        let head = try await client.send(
            ClientRequest(method: method, url: url, headers: headers.map { (name: $0.0, value: $0.1) }, body: body),
            body: { bytes in received.append(bytes) })
        return TestResponse(status: head.status, headers: head.headers, body: received.data)
    }

    /// GET `path`.
    public func get(_ path: String, headers: [(String, String)] = []) async throws -> TestResponse {
        try await request("GET", path, headers: headers)
    }

    /// `method path` with `json` as the body (UTF-8).
    public func send(_ method: String, _ path: String, json: String, headers: [(String, String)] = []) async throws -> TestResponse {
        try await request(method, path, headers: headers, body: .bytes(Array(json.utf8)))
    }

    /// `method path` with the file at `path` streamed as the body (announced with `Expect: 100-continue`).
    public func send(_ method: String, _ path: String, file: String, headers: [(String, String)] = []) async throws -> TestResponse {
        let size = try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int64 ?? 0
        return try await request(method, path, headers: headers, body: .file(path: file, length: size))
    }

    /// The bytes of one response as they arrive (the client calls back from its own thread).
    private final class Received: Sendable {
        private let bytes = Mutex(Data())
        func append(_ chunk: [UInt8]) { bytes.withLock { $0.append(contentsOf: chunk) } }
        var data: Data { bytes.withLock { $0 } }
    }
}
