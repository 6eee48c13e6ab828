import Foundation
@testable import HTTPServer
import Testing

/// Bounded work per loop turn: a connection writes at most `writeSliceBytes` per turn and yields, and
/// the loop serves the others before its next share (docs/performance/2026-11-26-fair-writes.md). The transport
/// takes everything at once, so only the slice stops a write; the turns are run by hand.
@Suite struct ConnectionFairWriteTests {
    static let slice = 256 * 1024

    static func file(size: Int) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fair-\(UUID().uuidString)").path
        try Data(RandomBytes.make(count: size)).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A host serving the file at `path` with the test's slice, and a connection that asked for all of it.
    static func download(_ path: String) -> (ManualHost, MemoryTransport, Connection) {
        let host = ManualHost(responder: FileServingResponder(path: path)) { $0.writeSliceBytes = Self.slice }
        let transport = MemoryTransport()
        transport.reads = [ConnectionStateTests.request("/large")]
        let connection = Connection(socket: -1, transport: transport, host: host)
        connection.handle(events: ManualHost.readable)
        return (host, transport, connection)
    }

    @Test func aLargeFileIsWrittenInTurnsAndAnotherConnectionIsServedBetweenThem() throws {
        let size = 5 * Self.slice + 1000
        let path = try Self.file(size: size)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (host, large, _) = Self.download(path)
        // The head and the first share of the body, then a yield: no more than the slice in one turn.
        #expect(large.written.count <= Self.slice)
        #expect(host.yielded.count == 1)

        let small = MemoryTransport()
        small.reads = [Array("GET /small HTTP/1.1\r\nHost: test\r\nRange: bytes=0-9\r\n\r\n".utf8)]
        Connection(socket: -1, transport: small, host: host).handle(events: ManualHost.readable)
        #expect(small.writtenText.hasPrefix("HTTP/1.1 206 "), "the second connection waited for the first")
        #expect(large.written.count <= Self.slice, "the first wrote again before its turn")

        var turns = 1
        while host.runYielded() > 0 {
            turns += 1
            #expect(large.written.count <= turns * Self.slice)
        }
        #expect(turns == 6)
        let body = large.written.suffix(size)
        #expect(Array(body) == Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        #expect(host.logged.map(\.bodyBytes) == [10, Int64(size)])
    }

    /// A slice of in-memory bytes (a large generated body) is cut the same way.
    @Test func aLargeInMemoryBodyIsCutAtTheSlice() {
        struct Big: HTTPResponder {
            func respond(to request: HTTPRequest) -> HTTPResponse {
                HTTPResponse(status: .ok, body: .bytes(Array(repeating: 0x61, count: 3 * ConnectionFairWriteTests.slice)))
            }
        }
        let host = ManualHost(responder: Big()) { $0.writeSliceBytes = Self.slice }
        let transport = MemoryTransport()
        transport.reads = [ConnectionStateTests.request("/big")]
        let connection = Connection(socket: -1, transport: transport, host: host)
        connection.handle(events: ManualHost.readable)
        #expect(transport.written.count == Self.slice)
        host.runYielded()
        #expect(transport.written.count == 2 * Self.slice)
        while host.runYielded() > 0 {}
        #expect(transport.writtenText.hasSuffix(String(repeating: "a", count: 100)))
        #expect(host.logged.first?.bodyBytes == Int64(3 * Self.slice))
        #expect(connection.isIdle)
    }

    /// A connection closed while it waits for its turn is not written to again.
    @Test func aConnectionClosedWhileWaitingForItsTurnStaysClosed() throws {
        let path = try Self.file(size: 3 * Self.slice)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (host, transport, connection) = Self.download(path)
        let before = transport.written.count
        connection.close(orderly: false)
        host.runYielded()
        #expect(transport.written.count == before)
        #expect(host.logged.first?.aborted == true)
    }
}
