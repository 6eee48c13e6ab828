import Foundation
import Glibc
import ThreadedListener

/// A loopback cache on an ephemeral port that takes purge requests and answers them badly, each connection on
/// a thread of its own (Round 3, finding 3): silent (accepts, reads, never answers), trickling (a status line
/// and then one header byte a second, forever) or endless (`200` and a body that never ends). Its threads end
/// when the purger closes the connection, the way the purger ends every attempt.
final class MisbehavingCache: Sendable {
    enum Behaviour: Sendable {
        case silent
        case trickling
        case endlessBody
    }

    /// Signalled each time the purger closes a connection (seen by a read or write failing).
    let closedByClient = DispatchSemaphore(value: 0)
    private let listener: ThreadedListener

    init(_ behaviour: Behaviour) throws {
        let closedByClient = closedByClient
        listener = try ThreadedListener { connection, _ in
            Self.misbehave(behaviour, on: connection)
            close(connection)
            closedByClient.signal()
        }
    }

    var port: Int { listener.port }
    var url: String { "http://127.0.0.1:\(port)/" }

    /// Returns once the client has closed the connection.
    private static func misbehave(_ behaviour: Behaviour, on connection: Int32) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        // The request head (a purge has no body); a client gone before sending it ends the connection here.
        guard buffer.withUnsafeMutableBytes({ recv(connection, $0.baseAddress, $0.count, 0) }) > 0 else { return }
        switch behaviour {
        case .silent:
            // Reads until the end of the stream: the purger gives up and closes.
            while buffer.withUnsafeMutableBytes({ recv(connection, $0.baseAddress, $0.count, 0) }) > 0 {}
        case .trickling:
            guard write(Array("HTTP/1.1 200 OK\r\nX-Slow: ".utf8), to: connection) else { return }
            while write([UInt8(ascii: "a")], to: connection) { Thread.sleep(forTimeInterval: 1) }
        case .endlessBody:
            guard write(Array("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\n".utf8), to: connection) else { return }
            let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 64 * 1024)
            while write(chunk, to: connection) {}
        }
    }

    /// False once the client has gone.
    private static func write(_ bytes: [UInt8], to connection: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }
}
