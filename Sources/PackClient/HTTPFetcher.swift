import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// GET requests whose bodies are handed to a closure as they arrive, so a pack of gigabytes goes to disk
/// without being held in memory. Foundation's URLSession (libcurl on Linux) does the HTTP and TLS; one
/// session is shared so connections are reused from pack to pack.
public final class HTTPFetcher: Sendable {
    /// What a caller learns when the response head arrives; it answers whether to read the body.
    public struct ResponseHead: Sendable {
        public var status: Int
        /// Header names lowercased.
        public var headers: [String: String]
    }

    private let session: URLSession
    private let router: TaskRouter

    /// - Parameter bearerToken: sent as `Authorization: Bearer …` with every request (private packs).
    public init(timeout: TimeInterval = 60, bearerToken: String? = nil) {
        router = TaskRouter()
        // identity: sizes and byte offsets must be the representation's own, not those of a compressed one.
        var headers = ["Accept-Encoding": "identity"]
        if let bearerToken { headers["Authorization"] = "Bearer \(bearerToken)" }
        session = .serial(delegate: router, userAgent: "packserve-verify", timeout: timeout, headers: headers)
    }

    deinit {
        session.invalidateAndCancel()
    }

    /// Sends a GET and streams the body to `body`. `head` sees the status and headers first and returns
    /// false to skip the body (the transfer is then cancelled and this returns normally). Throws the
    /// transport's error, e.g. when the connection breaks in the middle of the body.
    public func get(
        _ url: URL, headers: [String: String] = [:], head: @escaping @Sendable (ResponseHead) -> Bool,
        body: @escaping @Sendable (Data) throws -> Void
    ) async throws -> ResponseHead {
        var request = URLRequest(url: url)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let task = session.dataTask(with: request)
        return try await withCheckedThrowingContinuation { continuation in
            router.register(TaskHandler(head: head, body: body, continuation: continuation), for: task.taskIdentifier)
            task.resume()
        }
    }
}

extension HTTPFetcher {
    /// A whole small body (a manifest, a signature), refusing anything but 200 and more than `limit` bytes.
    public func getAll(_ url: URL, limit: Int) async throws(DownloadFailure) -> [UInt8] {
        let collected = Mutex<[UInt8]>([])
        let head: ResponseHead
        do {
            head = try await get(url, head: { $0.status == 200 }, body: { data throws(DownloadFailure) in
                try collected.withLock { bytes throws(DownloadFailure) in
                    guard bytes.count + data.count <= limit else { throw .server("\(url) is larger than \(limit) bytes") }
                    bytes.append(contentsOf: data)
                }
            })
        } catch let failure as DownloadFailure {
            throw failure
        } catch {
            throw .transport(TransportFailure.describe(error, url: url))
        }
        guard head.status == 200 else { throw .server("GET \(url): HTTP \(head.status)") }
        return collected.withLock { $0 }
    }
}
