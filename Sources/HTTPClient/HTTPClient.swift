import BlockingWork
import Foundation
import HTTP1
import Sockets
import Synchronization

/// An HTTP/1.1 client on the project's own pieces (Sockets' blocking streams and OpenSSL, HTTP1's response
/// parser and chunked decoder), for the CLI (`push`, `verify`, `healthcheck`) and the object-store client. It
/// exists because Foundation's URLSession on Linux cannot be told which CA to trust (`--cacert`, a private
/// object store) and reports failures as multi-line NSError dumps; every failure here is one
/// `HTTPClientError` line.
///
/// One idle connection per origin is kept for the next request (a manifest, then its packs).
public final class HTTPClient: Sendable {
    public let userAgent: String
    public let timeout: Double
    /// How long a file body waits for `100 Continue` (or a refusal) before it is sent anyway.
    public let continueTimeout: Double
    private let trust: ClientTrust?
    private let idle = Mutex<[ClientEndpoint: ClientConnection]>([:])

    /// - Parameters:
    ///   - timeout: seconds any one read or write (and connecting) may wait; `perform(_:deadline:)` bounds a
    ///     whole request.
    ///   - caFile: PEM certificates to trust for HTTPS instead of the system's.
    public init(userAgent: String, timeout: Double = 60, caFile: String? = nil, continueTimeout: Double = 1) throws(HTTPClientError) {
        self.userAgent = userAgent
        self.timeout = timeout
        self.continueTimeout = continueTimeout
        do {
            trust = if let caFile { try ClientTrust(caFile: caFile) } else { nil }
        } catch {
            throw HTTPClientError(error, origin: caFile ?? "", caFile: caFile)
        }
    }

    /// Sends `request` and reads the answer. `head` sees the final response head and returns whether to
    /// read its body into `body` (false: the body is never read, and a connection with one left unread is
    /// closed); `sent` gets the running total of request body bytes sent.
    /// - Parameter deadline: when the whole exchange must be over (connecting, writing, reading the head and
    ///   what is read of the body); past it, the call under way fails with `.timedOut`. Without one, each
    ///   call waits up to `timeout`, however many calls a slow server makes the request take.
    public func perform(
        _ request: ClientRequest, deadline: ContinuousClock.Instant? = nil,
        head: (ClientResponseHead) throws -> Bool = { _ in true }, body: ([UInt8]) throws -> Void = { _ in },
        sent: (Int64) -> Void = { _ in }
    ) throws -> ClientResponseHead {
        let endpoint = try ClientEndpoint(request.url)
        if let deadline, deadline <= .now { throw HTTPClientError(.timedOut, origin: endpoint.origin) }
        // RFC 9110 §9.2.2: only an idempotent request may be sent again after a connection fails under it,
        // so only those go on a connection that may have been closed while it sat idle.
        let idempotent = ["GET", "HEAD", "PUT", "DELETE", "OPTIONS"].contains(request.method)
        if idempotent, let connection = idle.withLock({ $0.removeValue(forKey: endpoint) }) {
            connection.stream.deadline = deadline
            do {
                return try exchange(request, on: connection, head: head, body: body, sent: sent)
            } catch let error as HTTPClientError where error.kind == .closed && !connection.receivedAnything {
                // Closed by the server while idle: a new connection below.
            }
        }
        let stream: ClientStream
        do {
            stream = try ClientStream.connect(
                host: endpoint.host, port: endpoint.port, isSecure: endpoint.isSecure, timeout: timeout, deadline: deadline,
                trust: trust)
        } catch {
            // The system's store is loaded for each connection without a CA file: a failure names no file.
            throw HTTPClientError(error, origin: endpoint.origin)
        }
        return try exchange(request, on: ClientConnection(stream: stream, endpoint: endpoint), head: head, body: body, sent: sent)
    }

    /// The threads `send` blocks on, shared by every client in the process.
    private static let workers = BlockingPool(name: "http-client", maxThreads: 16)

    /// `perform` on a thread of `workers`, for async callers: the blocking reads never hold a thread of
    /// Swift's cooperative pool.
    public func send(
        _ request: ClientRequest, head: @escaping @Sendable (ClientResponseHead) throws -> Bool = { _ in true },
        body: @escaping @Sendable ([UInt8]) throws -> Void = { _ in }, sent: @escaping @Sendable (Int64) -> Void = { _ in }
    ) async throws -> ClientResponseHead {
        try await Self.workers.value { try self.perform(request, head: head, body: body, sent: sent) }
    }

    private func exchange(
        _ request: ClientRequest, on connection: ClientConnection, head wanted: (ClientResponseHead) throws -> Bool,
        body sink: ([UInt8]) throws -> Void, sent: (Int64) -> Void
    ) throws -> ClientResponseHead {
        connection.beginRequest()
        try connection.write(request.encodedHead(endpoint: connection.endpoint, userAgent: userAgent))
        var final: ClientResponseHead?
        switch request.body {
        case .bytes(let bytes):
            try connection.write(bytes)
            sent(Int64(bytes.count))
        case .file(let path, let length):
            final = try sendFile(path: path, offset: 0, length: length, on: connection, sent: sent)
        case .fileRange(let path, let offset, let length):
            final = try sendFile(path: path, offset: offset, length: length, on: connection, sent: sent)
        case nil:
            break
        }
        var head = try final ?? connection.readHead()
        while head.isInterim { head = try connection.readHead() }
        let framing: ResponseBodyFraming
        do { framing = try ResponseBodyFraming(requestMethod: request.method, head: head) } catch {
            throw HTTPClientError(.malformedResponse, origin: connection.origin, error.description)
        }
        guard try wanted(head) else {
            if framing == .none && head.keepsConnection && final == nil { keep(connection) }
            return head
        }
        try connection.readBody(framing, into: sink)
        // A request body refused before it was sent leaves the server's framing of this connection unknown.
        if head.keepsConnection && framing != .untilClose && final == nil { keep(connection) }
        return head
    }

    /// Sends a file body after `Expect: 100-continue`; returns the final answer when the server refused it
    /// before it was sent.
    private func sendFile(
        path: String, offset: Int64, length: Int64, on connection: ClientConnection, sent: (Int64) -> Void
    ) throws -> ClientResponseHead? {
        // RFC 9110 §10.1.1: wait for 100 (or a refusal) a short while, then send anyway, since a
        // server or intermediary may not answer the expectation at all.
        if connection.hasAnswer(within: continueTimeout) {
            let interim = try connection.readHead()
            if interim.status != 100 { return interim }
        }
        try connection.writeFile(path: path, offset: offset, length: length, sent: sent)
        return nil
    }

    private func keep(_ connection: ClientConnection) {
        // The next request brings its own deadline, or none.
        connection.stream.deadline = nil
        idle.withLock { $0[connection.endpoint] = connection }
    }
}
