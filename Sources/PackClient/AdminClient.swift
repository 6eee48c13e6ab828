import Crypto
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// The client side of the admin API (docs/api.md "Admin API"), on URLSession like `HTTPFetcher`: a pack
/// upload streamed from its file (never read into memory) with progress, and small JSON requests.
public final class AdminClient: Sendable {
    /// A response: status and body (uploads and admin answers are small JSON documents).
    public struct Answer: Sendable {
        public var status: Int
        public var body: Data

        /// The problem document's `detail`, else the body as text.
        public var detail: String {
            let problem = try? JSONSerialization.jsonObject(with: body) as? [String: Any]
            return problem?["detail"] as? String ?? String(decoding: body, as: UTF8.self)
        }
    }

    private let server: URL
    private let token: String
    private let session: URLSession
    private let delegate: UploadDelegate

    /// - Parameter server: the base URL (`http://127.0.0.1:8080`); admin paths are resolved against it.
    public init(server: URL, token: String) {
        self.server = server
        self.token = token
        delegate = UploadDelegate()
        session = .serial(delegate: delegate, userAgent: "packserve-push", timeout: 300)
    }

    deinit {
        session.invalidateAndCancel()
    }

    /// `PUT /admin/packs/{id}` of `file`, with its SHA-256 as `Content-Digest` so the server keeps nothing
    /// if a byte changes on the way. `progress` gets bytes sent and the total.
    public func upload(
        file: URL, id: String, query: [URLQueryItem], progress: @escaping @Sendable (Int64, Int64) -> Void
    ) async throws -> Answer {
        let digest = try Self.sha256(of: file)
        var components = URLComponents(url: endpoint("packs/\(id)"), resolvingAgainstBaseURL: false)!
        if !query.isEmpty { components.queryItems = query }
        var request = authorized(URLRequest(url: components.url!), method: "PUT")
        request.setValue("sha-256=:\(Data(digest).base64EncodedString()):", forHTTPHeaderField: "Content-Digest")
        request.setValue("application/octet-stream", forHTTPHeaderField: "Content-Type")
        let task = session.uploadTask(with: request, fromFile: file)
        return try await delegate.run(task, progress: progress)
    }

    /// A small request with a JSON body (or none).
    public func send(_ method: String, _ path: String, json: Data? = nil) async throws -> Answer {
        var request = authorized(URLRequest(url: endpoint(path)), method: method)
        if let json {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = json
        }
        return try await delegate.run(session.dataTask(with: request), progress: { _, _ in })
    }

    private func endpoint(_ path: String) -> URL {
        server.appendingPathComponent("admin").appendingPathComponent(path)
    }

    private func authorized(_ request: URLRequest, method: String) -> URLRequest {
        var request = request
        request.httpMethod = method
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        return request
    }

    static func sha256(of file: URL) throws -> [UInt8] {
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        var hasher = SHA256()
        while let chunk = try handle.read(upToCount: 4 << 20), !chunk.isEmpty {
            hasher.update(data: chunk)
        }
        return Array(hasher.finalize())
    }
}

/// One task at a time: collects the answer's body, reports upload progress, resumes the caller at the end.
private final class UploadDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private struct Running {
        var continuation: CheckedContinuation<AdminClient.Answer, any Error>
        var progress: @Sendable (Int64, Int64) -> Void
        var body = Data()
    }

    private let running = Mutex<[Int: Running]>([:])

    func run(_ task: URLSessionTask, progress: @escaping @Sendable (Int64, Int64) -> Void) async throws -> AdminClient.Answer {
        try await withCheckedThrowingContinuation { continuation in
            running.withLock { $0[task.taskIdentifier] = Running(continuation: continuation, progress: progress) }
            task.resume()
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        let progress = running.withLock { $0[task.taskIdentifier]?.progress }
        progress?(totalBytesSent, totalBytesExpectedToSend)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        running.withLock { $0[dataTask.taskIdentifier]?.body.append(data) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let done = running.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let error { return done.continuation.resume(throwing: error) }
        let status = (task.response as? HTTPURLResponse)?.statusCode ?? 0
        done.continuation.resume(returning: AdminClient.Answer(status: status, body: done.body))
    }
}
