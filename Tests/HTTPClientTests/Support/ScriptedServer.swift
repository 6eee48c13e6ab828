import Foundation
import Glibc
import Synchronization
import ThreadedListener

/// A loopback listener on an ephemeral port whose every connection runs `script` on a thread of its own:
/// the test decides byte by byte what the client is sent (a framing, a refusal, a close at a chosen
/// moment), which no real server does on demand.
final class ScriptedServer: Sendable {
    private let listener: ThreadedListener
    private final class Record: Sendable {
        let state = Mutex<(connections: Int, heads: [String])>((0, []))
    }
    private let record = Record()

    init(script: @escaping @Sendable (ScriptedPeer) throws -> Void) throws {
        let record = self.record
        listener = try ThreadedListener { connection, _ in
            record.state.withLock { $0.connections += 1 }
            let peer = ScriptedPeer(descriptor: connection) { head in record.state.withLock { $0.heads.append(head) } }
            try? script(peer)
            peer.close()
        }
    }

    var port: Int { listener.port }
    var url: String { "http://127.0.0.1:\(port)" }
    /// Connections accepted so far.
    var connections: Int { record.state.withLock { $0.connections } }
    /// Every request head read by a peer, in order.
    var heads: [String] { record.state.withLock { $0.heads } }
}

/// The server's side of one scripted connection.
final class ScriptedPeer: @unchecked Sendable {
    private let descriptor: Int32
    private let recordHead: (String) -> Void
    private var pending: [UInt8] = []
    private var closed = false

    init(descriptor: Int32, recordHead: @escaping (String) -> Void) {
        self.descriptor = descriptor
        self.recordHead = recordHead
    }

    /// The next request head (through its empty line), or nil when the client closed first.
    @discardableResult
    func readHead() -> String? {
        while true {
            if let end = pending.indices.dropFirst(3).first(where: { pending[$0 - 3...$0].elementsEqual([13, 10, 13, 10]) }) {
                let head = String(decoding: pending[...end], as: UTF8.self)
                pending.removeFirst(end + 1)
                recordHead(head)
                return head
            }
            guard fill() else { return nil }
        }
    }

    /// Exactly `count` body bytes (fewer when the client closes).
    func read(count: Int) -> [UInt8] {
        while pending.count < count, fill() {}
        let bytes = Array(pending.prefix(count))
        pending.removeFirst(bytes.count)
        return bytes
    }

    /// False once the client has gone (a reset or a closed connection).
    @discardableResult
    func write(_ text: String) -> Bool { write(Array(text.utf8)) }

    @discardableResult
    func write(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// `bytes` one at a time, `interval` apart, until they run out or the client goes: a peer that is never
    /// silent long enough for a per-read timeout.
    func trickle(_ bytes: some Sequence<UInt8>, every interval: Double) {
        for byte in bytes {
            guard write([byte]) else { return }
            Thread.sleep(forTimeInterval: interval)
        }
    }

    func close() {
        guard !closed else { return }
        closed = true
        Glibc.close(descriptor)
    }

    private func fill() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        pending += buffer[0..<count]
        return true
    }
}
