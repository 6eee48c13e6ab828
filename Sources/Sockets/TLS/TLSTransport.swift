import COpenSSL
import Glibc

/// TLS on a non-blocking socket through OpenSSL. Created by `TLSServerContext` for each accepted
/// connection; the connection drives the handshake, then reads and writes through it like plain TCP.
///
/// File bodies: with kernel TLS (the kernel encrypts records), `SSL_sendfile` sends straight from the
/// page cache like plaintext sendfile(2). Otherwise the file is read with pread(2) into a buffer of
/// `fileChunkSize` bytes that exists only while a file is being sent, and written with `SSL_write`.
/// A small response head sent with `more` (a file region follows) is held back and written in front of
/// the first file bytes, so a small ranged response is one TLS record and one write(2), not two. A larger
/// piece of a file is sealed into several records that leave together in one write(2) ("cork", see
/// COpenSSL.c): a quarter of the syscalls, and of the reader's wake-ups, of one write(2) per record.
package final class TLSTransport: Transport {
    package static let fileChunkSize = 64 * 1024
    /// In-memory chunks smaller than this are gathered into one write (one TLS record) rather than
    /// becoming a record each: a response head and a small body leave together.
    package static let gatherLimit = 16 * 1024
    /// Room for the records of one `fileChunkSize` piece: 16 KiB of plaintext each, plus at most 256
    /// bytes of header, padding and tag per record.
    package static let corkCapacity = fileChunkSize + (fileChunkSize / (16 * 1024) + 1) * 256

    private let session: OpaquePointer
    private let socket: Int32
    private var failed = false
    /// Whether the kernel encrypts what we send (decided when the handshake completes).
    private(set) var kernelSends = false
    /// Write coalescing, installed when the handshake completes without kernel TLS; nil with it (or when
    /// OpenSSL could not allocate it: then every record is its own write(2), as before).
    private var cork: OpaquePointer?
    /// File bytes SSL_write accepted whose records still wait in the cork buffer for the socket. They are
    /// reported to the queue only once on the socket, so a drained queue never leaves bytes behind here.
    private var unflushedFileBytes = 0

    /// Bytes read but not yet accepted by SSL_write: `fileBuffer[pendingStart..<pendingEnd]`. The first
    /// `pendingHead` of them are a held-back response head; the rest are the bytes of `pendingFile` from
    /// `pendingOffset` on. After SSL_write asks to be retried, the retry must offer the same bytes, so
    /// they stay here until written.
    private var fileBuffer: UnsafeMutableRawBufferPointer?
    private var pendingFile: Int32 = -1
    private var pendingOffset: Int64 = 0
    private var pendingStart = 0
    private var pendingEnd = 0
    private var pendingHead = 0
    private var gathered: [UInt8] = []
    /// A response head `send` accepted with `more` set and has not written yet: the outbound queue
    /// calls `sendFile` next, which writes it in front of the file bytes. Never longer than
    /// `gatherLimit` − 1, so the first record (up to 16 KiB) always carries at least one file byte.
    private var heldHead: [UInt8] = []

    package init?(context: OpaquePointer, socket: Int32) {
        guard let session = ctls_session_new(context, socket) else { return nil }
        self.session = session
        self.socket = socket
    }

    deinit {
        ctls_session_free(session)
        fileBuffer?.deallocate()
    }

    package var shortReadMeansEmpty: Bool { false }

    /// The negotiated protocol, e.g. "TLSv1.3".
    package var protocolVersion: String { String(cString: ctls_protocol(session)) }
    package var resumedSession: Bool { ctls_session_reused(session) == 1 }

    package func handshake() -> HandshakeProgress {
        switch Int(ctls_handshake(session)) {
        case CTLS_OK:
            kernelSends = ctls_ktls_send(session) == 1
            if !kernelSends && cork == nil { cork = ctls_cork_install(session, socket) }
            return .done
        case CTLS_WANT_READ, CTLS_WANT_WRITE:
            return .wouldBlock
        default:
            failed = true
            return .failed
        }
    }

    package func receive(into buffer: UnsafeMutableRawBufferPointer) -> IOResult {
        var count = 0
        return result(ctls_read(session, buffer.baseAddress, buffer.count, &count), count: count)
    }

    package func send(_ buffers: UnsafeBufferPointer<iovec>, more: Bool) -> IOResult {
        guard let first = buffers.first else { return .bytes(0) }
        var count = 0
        // Rare: a head was held but no file came next. Write it first, alone; a retry after "want
        // write" finds the rest of it still held and offers the same bytes again.
        while !heldHead.isEmpty {
            let status = heldHead.withUnsafeBytes { ctls_write(session, $0.baseAddress, $0.count, &count) }
            guard status == CTLS_OK else { return result(status, count: 0) }
            heldHead.removeFirst(count)
        }
        let total = buffers.reduce(0) { $0 + $1.iov_len }
        if more && !kernelSends && total < Self.gatherLimit {
            // Held for sendFile, which is called next. (With kernel TLS, SSL_sendfile cannot take it;
            // the head goes out as its own record there.)
            for vector in buffers {
                heldHead.append(contentsOf: UnsafeRawBufferPointer(start: vector.iov_base, count: vector.iov_len))
            }
            return .bytes(total)
        }
        // A large chunk goes out as it is; small ones are gathered. Either way a retry after
        // "want write" offers the same bytes, as OpenSSL requires, because the queue offers the same
        // chunks again and gathering is deterministic.
        if first.iov_len >= Self.gatherLimit || buffers.count == 1 {
            return result(ctls_write(session, first.iov_base, first.iov_len, &count), count: count)
        }
        gathered.removeAll(keepingCapacity: true)
        for vector in buffers where gathered.count < Self.gatherLimit {
            let take = min(vector.iov_len, Self.gatherLimit - gathered.count)
            gathered.append(contentsOf: UnsafeRawBufferPointer(start: vector.iov_base, count: take))
        }
        return gathered.withUnsafeBytes { bytes in
            result(ctls_write(session, bytes.baseAddress, bytes.count, &count), count: count)
        }
    }

    package func sendFile(_ file: Int32, offset: inout Int64, count: Int64) -> IOResult {
        if kernelSends { return sendFileInKernel(file, offset: &offset, count: count) }
        if unflushedFileBytes > 0, let cork {
            // Records sealed by the last call wait for the socket: they go first, and count once sent.
            let status = ctls_cork_flush(cork)
            guard status == CTLS_OK else { return result(status, count: 0) }
            let sent = unflushedFileBytes
            unflushedFileBytes = 0
            return report(sent, offset: &offset, count: count)
        }
        if pendingStart == pendingEnd || pendingFile != file || pendingOffset != offset {
            let buffer = fileBuffer ?? .allocate(byteCount: Self.fileChunkSize, alignment: 16)
            fileBuffer = buffer
            // A held head goes in front of the file bytes: one SSL_write, one record for a small body.
            let head = heldHead.count
            if head > 0 { heldHead.withUnsafeBytes { buffer.copyMemory(from: $0) } }
            let n = pread(file, buffer.baseAddress! + head, Int(min(count, Int64(buffer.count - head))), off_t(offset))
            // 0 with bytes still owed means the file shrank under us: never send fewer bytes than announced.
            if n == 0 { return .endOfStream }
            if n < 0 { return .failed(errno: errno) }
            heldHead.removeAll(keepingCapacity: true)
            (pendingFile, pendingOffset, pendingStart, pendingEnd, pendingHead) = (file, offset, 0, head + n, head)
        }
        // More than one record's worth is corked: sealed records collect and leave in one write(2).
        let corked = pendingEnd - pendingStart > Self.gatherLimit
            && cork.map { ctls_cork_begin($0, Self.corkCapacity) == 1 } ?? false
        // Uncorked, until some file bytes are written: records are normally 16 KiB and carry the whole
        // head and file bytes, but a client may negotiate smaller ones (max_fragment_length), and
        // reporting 0 bytes would mean "no progress" to the queue. Corked, until the buffer is sealed.
        var fileBytes = 0
        var status = Int32(CTLS_OK)
        while pendingStart < pendingEnd && (corked || fileBytes == 0) {
            var written = 0
            status = ctls_write(session, fileBuffer!.baseAddress! + pendingStart, pendingEnd - pendingStart, &written)
            guard status == CTLS_OK else { break }
            let headBytes = min(written, pendingHead)
            pendingHead -= headBytes
            pendingStart += written
            fileBytes += written - headBytes
        }
        if corked, let cork {
            let flushed = ctls_cork_flush(cork)
            if flushed != CTLS_OK && fileBytes > 0 {
                guard flushed == CTLS_WANT_WRITE else { return result(flushed, count: 0) }
                // A write that did not fail but left sealed records behind: "want write", and the
                // next call sends them first (a retried SSL_write, if any, then offers the same bytes).
                unflushedFileBytes = fileBytes
                return .wouldBlock
            }
        }
        guard fileBytes > 0 else { return result(status, count: 0) }
        return report(fileBytes, offset: &offset, count: count)
    }

    /// Tells the queue `fileBytes` more are on the socket, and gives the buffers back once this file
    /// region is done, so idle connections hold none.
    private func report(_ fileBytes: Int, offset: inout Int64, count: Int64) -> IOResult {
        pendingOffset += Int64(fileBytes)
        offset += Int64(fileBytes)
        if pendingStart == pendingEnd && Int64(fileBytes) == count {
            fileBuffer?.deallocate()
            fileBuffer = nil
            if let cork { ctls_cork_release(cork) }
        }
        return .bytes(fileBytes)
    }

    private func sendFileInKernel(_ file: Int32, offset: inout Int64, count: Int64) -> IOResult {
        var status: Int32 = 0
        let n = ctls_sendfile(session, file, offset, Int(min(count, 0x7fff_f000)), &status)
        if n > 0 {
            offset += Int64(n)
            return .bytes(n)
        }
        return n == 0 ? .endOfStream : result(status, count: 0)
    }

    package func finishSending() {
        if !failed { ctls_shutdown(session) }
        shutdown(socket, Int32(SHUT_WR))
    }

    package func willClose() {
        if !failed { ctls_shutdown(session) }
    }

    private func result(_ status: Int32, count: Int) -> IOResult {
        switch Int(status) {
        case CTLS_OK: return .bytes(count)
        case CTLS_WANT_READ, CTLS_WANT_WRITE: return .wouldBlock
        case CTLS_CLOSED: return .endOfStream
        default:
            failed = true
            return .failed(errno: EPROTO)
        }
    }
}
