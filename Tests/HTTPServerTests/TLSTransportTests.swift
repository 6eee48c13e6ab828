import Foundation
import Glibc
import Testing
@testable import HTTPServer
import Sockets

/// `TLSTransport` on its own, against Python's `ssl` module over a Unix socket whose send buffer the test
/// makes tiny: the socket fills up in the middle of nearly every group of records the transport seals
/// together ("cork"), the last group included. Every byte must still arrive, in order, and the transport
/// must not call a file region sent while any of it still waits in its buffer.
@Suite struct TLSTransportTests {
    /// Reads 3,000 bytes at a time until the end, compares with the file and prints `OK <bytes>`, or what
    /// differs. Arguments: socket path, file path. No pauses: Python decrypting 3,000 bytes a call falls
    /// behind a 4 KiB send buffer on its own (the transport blocks some 200 times a run; the test asks for
    /// more than 10).
    static let slowReader = #"""
        import socket, ssl, sys
        socket_path, file_path = sys.argv[1], sys.argv[2]
        data = open(file_path, "rb").read()
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
        raw = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        raw.settimeout(30)
        raw.connect(socket_path)
        sock = context.wrap_socket(raw)
        received = bytearray()
        while True:
            try:
                chunk = sock.recv(3000)
            except ssl.SSLEOFError:  # the end without close_notify; the bytes decide
                break
            if not chunk:
                break
            received += chunk
        if received == data:
            print(f"OK {len(received)}")
        else:
            same = next((i for i, (a, b) in enumerate(zip(received, data)) if a != b), min(len(received), len(data)))
            print(f"DIFFERENT {len(received)} of {len(data)} bytes, equal up to {same}")
        """#

    @Test func groupedRecordsReachASlowReaderWholeWhenTheSocketFillsUpMidway() async throws {
        var template = Array("/tmp/packserve-tls-XXXXXX".utf8CString)
        let directory = try #require(mkdtemp(&template).map { String(cString: $0) })
        defer { _ = try? FileManager.default.removeItem(atPath: directory) }
        let openssl = try Self.run("/usr/bin/env", [
            "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
            "-keyout", "\(directory)/server.key", "-out", "\(directory)/server.pem", "-days", "1", "-subj", "/CN=localhost",
        ])
        try #require(openssl.status == 0, "\(openssl.output)")
        let context = try TLSServerContext(certificatePath: "\(directory)/server.pem", privateKeyPath: "\(directory)/server.key")
        // Whole 64 KiB pieces, so the last piece is a full group of records too.
        let file = try FixtureFile(bytes: RandomBytes.make(count: 32 * TLSTransport.fileChunkSize))

        let socketPath = "\(directory)/tls.sock"
        let listener = try Self.listen(at: socketPath)
        defer { close(listener) }
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        reader.arguments = ["python3", "-c", Self.slowReader, socketPath, file.path]
        let output = Pipe()
        reader.standardOutput = output
        try reader.run()

        var ready = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        try #require(poll(&ready, 1, 10_000) == 1, "the reader did not connect")
        let connection = accept(listener, nil, nil)
        try #require(connection >= 0 && fcntl(connection, F_SETFL, O_NONBLOCK) == 0)
        var sendBuffer: Int32 = 4096
        setsockopt(connection, SOL_SOCKET, SO_SNDBUF, &sendBuffer, socklen_t(MemoryLayout<Int32>.size))
        let opened = try file.open()
        let size = Int64(file.bytes.count)

        let outcome: (failure: String?, blocked: Int) = await NewThread.run {
            guard let transport = context.makeTransport(socket: connection) else { return (failure: "no transport", blocked: 0) }
            return Self.send(opened, size: size, through: transport, socket: connection)
        }
        close(connection)
        reader.waitUntilExit()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)

        #expect(outcome.failure == nil, "\(outcome.failure ?? "")")
        #expect(outcome.blocked > 10, "the socket filled up only \(outcome.blocked) times: nothing waited in the transport")
        #expect(printed == "OK \(size)\n")
    }

    /// Handshake, then `sendFile` until the transport reports every byte sent, waiting for the socket
    /// whenever it would block, as the event loop does; then close_notify.
    static func send(_ file: OpenFile, size: Int64, through transport: TLSTransport, socket: Int32) -> (failure: String?, blocked: Int) {
        var handshaking = true
        while handshaking {
            switch transport.handshake() {
            case .done: handshaking = false
            case .wouldBlock: wait(socket, for: POLLIN)
            case .failed: return ("the handshake failed", 0)
            }
        }
        var offset: Int64 = 0
        var blocked = 0
        while offset < size {
            switch transport.sendFile(file.descriptor, offset: &offset, count: size - offset) {
            case .bytes(let n) where n > 0: continue
            case .wouldBlock:
                blocked += 1
                wait(socket, for: POLLOUT)
            case let other: return ("sendFile answered \(other) at \(offset) of \(size)", blocked)
            }
        }
        transport.willClose()
        return (nil, blocked)
    }

    private static func wait(_ socket: Int32, for events: Int32) {
        var descriptor = pollfd(fd: socket, events: Int16(events), revents: 0)
        _ = poll(&descriptor, 1, 100)
    }

    private static func listen(at path: String) throws -> Int32 {
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        try #require(listener >= 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: Array(path.utf8.prefix(raw.count - 1)))
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0 && Glibc.listen(listener, 1) == 0, "cannot listen at \(path)")
        return listener
    }

    private static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}
