// Built only by scripts/bench-hotpath, which compiles the modules for testing (it reaches the server's
// internal `Connection`, `Transport` and `ConnectionHost`); any other build gets an empty program.
#if HOTPATH_BENCH
import Glibc
@testable import HTTPServer

/// Hands the connection one request per read and takes every byte it writes at once: no socket, no TLS.
final class NullTransport: Transport {
    var pending: [UInt8] = []
    var sent = 0
    var shortReadMeansEmpty: Bool { false }
    func handshake() -> HandshakeProgress { .done }
    func receive(into buffer: UnsafeMutableRawBufferPointer) -> IOResult {
        if pending.isEmpty { return .wouldBlock }
        let n = pending.count
        pending.withUnsafeBytes { buffer.copyMemory(from: $0) }
        pending.removeAll(keepingCapacity: true)
        return .bytes(n)
    }
    func send(_ buffers: UnsafeBufferPointer<iovec>, more: Bool) -> IOResult {
        .bytes(buffers.reduce(0) { $0 + $1.iov_len })
    }
    func sendFile(_ file: Int32, offset: inout Int64, count: Int64) -> IOResult {
        offset += count
        sent += Int(count)
        return .bytes(Int(count))
    }
    func finishSending() {}
    func willClose() {}
}
#endif
import Sockets
