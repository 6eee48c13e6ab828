import Foundation
import HTTP1
import HTTPClient
import Synchronization

/// GET requests whose bodies are handed to a closure as they arrive, so a pack of gigabytes goes to disk
/// without being held in memory. One `HTTPClient` is shared so connections are reused from pack to pack.
public final class HTTPFetcher: Sendable {
    /// What a caller learns when the response head arrives; it answers whether to read the body.
    public typealias ResponseHead = ClientResponseHead

    private let client: HTTPClient
    private let headers: [(name: String, value: String)]

    /// - Parameters:
    ///   - bearerToken: sent as `Authorization: Bearer …` with every request (private packs).
    ///   - caFile: PEM certificates to trust for HTTPS instead of the system's (a development CA).
    public init(timeout: TimeInterval = 60, bearerToken: String? = nil, caFile: String? = nil) throws(HTTPClientError) {
        client = try HTTPClient(userAgent: "packserve-verify", timeout: timeout, caFile: caFile)
        // identity: sizes and byte offsets must be the representation's own, not those of a compressed one.
        var headers = [(name: "Accept-Encoding", value: "identity")]
        if let bearerToken { headers.append((name: "Authorization", value: "Bearer \(bearerToken)")) }
        self.headers = headers
    }

    /// Sends a GET and streams the body to `body`. `head` sees the status and headers first and returns
    /// false to skip the body (this then returns normally). Throws `HTTPClientError` when the transfer
    /// breaks (e.g. in the middle of the body), or what `body` threw.
    public func get(
        _ url: URL, headers: [String: String] = [:], head: @escaping @Sendable (ResponseHead) -> Bool,
        body: @escaping @Sendable (Data) throws -> Void
    ) async throws -> ResponseHead {
        let request = ClientRequest(url: url, headers: self.headers + headers.map { (name: $0.key, value: $0.value) })
        return try await client.send(request, head: head, body: { try body(Data($0)) })
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
