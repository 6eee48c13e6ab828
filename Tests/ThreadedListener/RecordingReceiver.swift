import Foundation
import Glibc
import Synchronization

/// An HTTP/1.1 receiver for what the server sends on its own (a webhook's POSTs): each connection's one
/// request is kept whole (head and body, as text) and answered with the next of `statuses`, 204 once they run
/// out, then closed.
public final class RecordingReceiver: Sendable {
    private final class Log: Sendable {
        let requests = Mutex<[String]>([])
    }

    private let log = Log()
    public let listener: ThreadedListener

    /// - Parameter port: 0 for an ephemeral one (see `ThreadedListener`).
    public init(port: Int = 0, statuses: [Int] = []) throws {
        let log = log
        listener = try ThreadedListener(port: port) { connection, index in
            defer { close(connection) }
            guard let request = Self.readRequest(connection) else { return }
            log.requests.withLock { $0.append(request) }
            let status = index < statuses.count ? statuses[index] : 204
            _ = "HTTP/1.1 \(status) Status\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                .withCString { send(connection, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        }
    }

    public var port: Int { listener.port }

    /// Every request received, in order.
    public var requests: [String] { log.requests.withLock { $0 } }

    /// The bodies of the requests received.
    public var bodies: [String] {
        requests.map { request in request.range(of: "\r\n\r\n").map { String(request[$0.upperBound...]) } ?? "" }
    }

    /// One request: the head and a `Content-Length` body; nil if the peer closes first.
    private static func readRequest(_ connection: Int32) -> String? {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            received += buffer[0..<count]
            let text = String(decoding: received, as: UTF8.self)
            guard let end = text.range(of: "\r\n\r\n") else { continue }
            let length = text[..<end.lowerBound].split(separator: "\r\n")
                .first { $0.lowercased().hasPrefix("content-length:") }
                .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
            if received.count >= text[..<end.upperBound].utf8.count + length { return text }
        }
    }
}
