import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// PackKit's one URLSession, set up for verified downloads: no URL cache (bytes are checked against the
/// manifest, and a cached partial answer would defeat Range), identity encoding, no cookies. Bodies are
/// handed over piece by piece, never collected, except for small documents.
final class HTTPTransport: Sendable {
    private let session: URLSession
    private let delegate: SessionDelegate
    let credentials: CatalogCredentials?

    /// - Parameter configuration: a base the app (or a test, with its `protocolClasses`) provides; it is
    ///   copied, never changed.
    init(configuration base: URLSessionConfiguration, credentials: CatalogCredentials?) {
        let configuration = base.copy() as? URLSessionConfiguration ?? .ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpShouldSetCookies = false
        configuration.httpCookieStorage = nil
        delegate = SessionDelegate(credentials: credentials)
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.name = "PackKit.HTTPTransport"
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
        self.credentials = credentials
    }

    deinit {
        session.invalidateAndCancel()
    }

    /// A GET of `url` with `headers`, plus `Authorization` when the credentials cover its origin.
    func request(_ url: URL, headers: [String: String], challenged: Bool) -> URLRequest {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData)
        request.httpMethod = "GET"
        // RFC 9110 §12.5.3: identity, so sizes and byte offsets are the pack's own.
        request.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if let authorization = credentials?.authorization(for: url, challenged: challenged) {
            request.setValue(authorization, forHTTPHeaderField: "Authorization")
        }
        return request
    }

    /// Sends `request`; `onResponse` decides whether to read the body, `onData` gets it piece by piece.
    /// Cancelling the calling task cancels the request and throws `CancellationError`.
    func exchange(
        _ request: URLRequest, priority: Float = URLSessionTask.defaultPriority, onResponse: @escaping @Sendable (ResponseHead) -> Bool,
        onData: @escaping @Sendable (Data) throws -> Void
    ) async throws -> Exchange {
        let handler = ExchangeHandler(onResponse: onResponse, onData: onData)
        let task = session.dataTask(with: request)
        task.priority = priority
        delegate.register(handler, for: task)
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    handler.attach(continuation)
                    task.resume()
                }
            } onCancel: {
                task.cancel()
            }
        } catch {
            if Task.isCancelled { throw CancellationError() }
            throw error
        }
    }

    /// POSTs a small JSON body and returns the status; the answer's body is not read.
    func post(_ url: URL, json body: [UInt8]) async throws -> Int {
        var request = request(url, headers: ["Content-Type": "application/json"], challenged: false)
        request.httpMethod = "POST"
        request.httpBody = Data(body)
        return try await exchange(request, onResponse: { _ in false }, onData: { _ in }).head.status
    }

    /// A whole small document (a manifest): 200 only, at most `limit` bytes.
    func document(_ url: URL, limit: Int, challenged: Bool = false) async throws -> (head: ResponseHead, body: [UInt8]) {
        let body = Locked([UInt8]())
        let exchange = try await exchange(
            request(url, headers: [:], challenged: challenged), onResponse: { $0.status == 200 },
            onData: { data in
                try body.withLock { bytes in
                    guard bytes.count + data.count <= limit else { throw PackKitError.server("\(url) is larger than \(limit) bytes") }
                    bytes.append(contentsOf: data)
                }
            })
        return (exchange.head, exchange.bodyRead ? body.withLock { $0 } : [])
    }
}
