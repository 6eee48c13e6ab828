import Glibc
import Sockets

/// Bytes a connection still owes its peer, in order: response heads, in-memory bodies and file regions.
///
/// `flush` writes as much as the socket takes, up to a budget per call: one loop turn must not spend
/// itself on one connection (a single sendfile(2) of a large file could otherwise move ~20 MB, some 15 ms,
/// while every other connection of the loop waits). Consecutive in-memory chunks go out in one `sendmsg`
/// (a head and a small body in one write); a head followed by a file region is sent with MSG_MORE so
/// the kernel coalesces it with the first sendfile bytes (docs/http.md "Bytes on the wire").
struct OutboundQueue {
    private enum Chunk {
        case bytes([UInt8])
        case file(OpenFile, offset: Int64, count: Int64)
    }

    private var chunks: [Chunk] = []
    /// Index of the first chunk not completely sent, and how much of it is already sent.
    private var head = 0
    private var sentOfHead: Int64 = 0

    enum FlushResult: Equatable {
        case drained
        case wouldBlock
        /// The budget is spent with bytes still owed: come back on a later turn of the loop (the socket
        /// still takes bytes, so no readiness event will say so).
        case yielded
        /// The peer went away or a file shrank: the connection must be closed without further bytes.
        case failed
    }

    var isEmpty: Bool { head == chunks.count }

    mutating func append(head bytes: [UInt8], body: HTTPBody?) {
        chunks.append(.bytes(bytes))
        guard let body else { return }
        for segment in body.segments where segment.count > 0 {
            switch segment {
            case .bytes(let b): chunks.append(.bytes(b))
            case .file(let f, let offset, let count): chunks.append(.file(f, offset: offset, count: count))
            }
        }
    }

    /// Writes until drained, until the socket would block, until `budget` bytes are written, or until a
    /// failure. Returns the result and adds the number of bytes written to `written`.
    mutating func flush(to transport: some Transport, written: inout Int64, budget: Int64 = .max) -> FlushResult {
        var sent: Int64 = 0
        while head < chunks.count {
            if sent >= budget { return .yielded }
            let result: IOResult
            switch chunks[head] {
            case .bytes:
                result = sendByteRun(to: transport, limit: budget - sent)
            case .file(let file, let offset, let count):
                var position = offset + sentOfHead
                result = transport.sendFile(file.descriptor, offset: &position, count: min(count - sentOfHead, budget - sent))
            }
            switch result {
            case .bytes(let n):
                written += Int64(n)
                sent += Int64(n)
                advance(by: Int64(n))
            case .wouldBlock:
                return .wouldBlock
            case .endOfStream, .failed:
                return .failed
            }
        }
        chunks.removeAll(keepingCapacity: chunks.count <= 16)
        head = 0
        sentOfHead = 0
        return .drained
    }

    /// Sends the run of in-memory chunks starting at `head` with one sendmsg, at most `limit` bytes.
    private func sendByteRun(to transport: some Transport, limit: Int64) -> IOResult {
        var end = head
        while end < chunks.count, end - head < 64, case .bytes = chunks[end] { end += 1 }
        let fileFollows = end < chunks.count
        return withIOVectors(from: head, to: end, limit: limit) { vectors, cut in
            // A run cut at the budget is followed by its own rest, on a later turn: no MSG_MORE for that.
            transport.send(vectors, more: fileFollows && !cut)
        }
    }

    private func withIOVectors<R>(
        from start: Int, to end: Int, limit: Int64, _ body: (UnsafeBufferPointer<iovec>, _ cut: Bool) -> R
    ) -> R {
        withUnsafeTemporaryAllocation(of: iovec.self, capacity: end - start) { vectors in
            // The arrays are kept alive by `chunks` for the duration of the call.
            var room = limit
            var count = 0
            var cut = false
            for i in start..<end {
                guard room > 0 else {
                    cut = true
                    break
                }
                guard case .bytes(let bytes) = chunks[i] else { continue }
                let skip = i == start ? Int(sentOfHead) : 0
                let length = bytes.count - skip
                let taken = length <= room ? length : Int(room)
                if taken < length { cut = true }
                bytes.withUnsafeBytes { raw in
                    vectors[i - start] = iovec(
                        iov_base: UnsafeMutableRawPointer(mutating: raw.baseAddress! + skip), iov_len: taken)
                }
                room -= Int64(taken)
                count += 1
            }
            return body(UnsafeBufferPointer(rebasing: vectors[0..<count]), cut)
        }
    }

    private mutating func advance(by count: Int64) {
        var remaining = count
        while remaining > 0 && head < chunks.count {
            let left = chunkLength(chunks[head]) - sentOfHead
            if remaining >= left {
                remaining -= left
                chunks[head] = .bytes([])  // release memory and file references early
                head += 1
                sentOfHead = 0
            } else {
                sentOfHead += remaining
                remaining = 0
            }
        }
    }

    private func chunkLength(_ chunk: Chunk) -> Int64 {
        switch chunk {
        case .bytes(let b): Int64(b.count)
        case .file(_, _, let count): count
        }
    }
}
