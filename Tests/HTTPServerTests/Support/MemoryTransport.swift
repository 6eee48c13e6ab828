import Glibc
@testable import HTTPServer
import Sockets

/// A transport with no socket: the test queues what the peer "sends" (each element one read, like a TLS
/// record), limits how much it "accepts", and reads back what the connection wrote.
final class MemoryTransport: Transport {
    /// What each `receive` returns next, in order; empty means "would block" (or the end, once `peerClosed`).
    var reads: [[UInt8]] = []
    var peerClosed = false
    /// Bytes the peer takes before the socket is "full"; nil for no limit.
    var writeAllowance: Int?
    private(set) var written: [UInt8] = []
    /// Handshake calls that would block before it completes.
    var handshakeSteps = 0
    let shortReadMeansEmpty: Bool
    private(set) var finishedSending = false

    init(shortReadMeansEmpty: Bool = false) {
        self.shortReadMeansEmpty = shortReadMeansEmpty
    }

    var writtenText: String { String(decoding: written, as: UTF8.self) }

    func handshake() -> HandshakeProgress {
        guard handshakeSteps == 0 else {
            handshakeSteps -= 1
            return .wouldBlock
        }
        return .done
    }

    func receive(into buffer: UnsafeMutableRawBufferPointer) -> IOResult {
        guard !reads.isEmpty else { return peerClosed ? .endOfStream : .wouldBlock }
        var next = reads.removeFirst()
        if next.count > buffer.count {
            reads.insert(Array(next[buffer.count...]), at: 0)
            next = Array(next[..<buffer.count])
        }
        next.withUnsafeBytes { buffer.copyMemory(from: $0) }
        return .bytes(next.count)
    }

    func send(_ buffers: UnsafeBufferPointer<iovec>, more: Bool) -> IOResult {
        var bytes: [UInt8] = []
        for vector in buffers { bytes += UnsafeRawBufferPointer(start: vector.iov_base, count: vector.iov_len) }
        return accept(bytes)
    }

    func sendFile(_ file: Int32, offset: inout Int64, count: Int64) -> IOResult {
        var bytes = [UInt8](repeating: 0, count: Int(min(count, 1 << 20)))
        let n = bytes.withUnsafeMutableBytes { pread(file, $0.baseAddress, $0.count, off_t(offset)) }
        guard n > 0 else { return .endOfStream }
        let result = accept(Array(bytes[0..<n]))
        if case .bytes(let sent) = result { offset += Int64(sent) }
        return result
    }

    func finishSending() { finishedSending = true }

    func willClose() {}

    private func accept(_ bytes: [UInt8]) -> IOResult {
        let take = min(bytes.count, writeAllowance ?? bytes.count)
        guard take > 0 else { return .wouldBlock }
        written += bytes[0..<take]
        if let allowance = writeAllowance { writeAllowance = allowance - take }
        return .bytes(take)
    }
}
