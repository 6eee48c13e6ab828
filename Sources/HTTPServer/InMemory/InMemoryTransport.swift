import Glibc
import Sockets

/// `InMemoryConnection`'s transport: the peer's bytes wait in a buffer the connection reads from, and what
/// the connection writes is counted, not kept. A file body is not read either: sendfile(2) moves it in the
/// kernel, so it is no part of the server's work per request, and a sparse file can stand for a large one.
final class InMemoryTransport: Transport {
    /// What the peer sent, read from `unread` on. Kept with its capacity, so feeding a request costs a copy
    /// and no allocation.
    private var incoming: [UInt8] = []
    private var unread = 0
    /// Response heads and bodies written from memory.
    private(set) var bytesWritten = 0
    /// File bodies, counted as sent whole.
    private(set) var fileBytesSent = 0

    /// False: the connection reads until "would block", as over TLS. Correct for any transport, and the
    /// path scripts/bench-hotpath has counted since it began (a plaintext socket saves one read per request).
    var shortReadMeansEmpty: Bool { false }

    func append(_ bytes: [UInt8]) {
        if unread == incoming.count {
            incoming.removeAll(keepingCapacity: true)
            unread = 0
        }
        incoming.append(contentsOf: bytes)
    }

    func handshake() -> HandshakeProgress { .done }

    func receive(into buffer: UnsafeMutableRawBufferPointer) -> IOResult {
        let count = min(incoming.count - unread, buffer.count)
        guard count > 0 else { return .wouldBlock }
        incoming.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[unread..<unread + count])) }
        unread += count
        return .bytes(count)
    }

    func send(_ buffers: UnsafeBufferPointer<iovec>, more: Bool) -> IOResult {
        let count = buffers.reduce(0) { $0 + $1.iov_len }
        bytesWritten += count
        return .bytes(count)
    }

    func sendFile(_ descriptor: Int32, offset: inout Int64, count: Int64) -> IOResult {
        offset += count
        fileBytesSent += Int(count)
        return .bytes(Int(count))
    }

    func finishSending() {}

    func willClose() {}
}
