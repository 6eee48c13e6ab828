@testable import HTTPServer
import Testing

/// The connection state machine through an in-memory transport and a manual clock: pipelining, record
/// boundaries, handshakes, back-pressure and timeouts, with no socket, thread or wall-clock wait.
@Suite struct ConnectionStateTests {
    static func request(_ path: String) -> [UInt8] { Array("GET \(path) HTTP/1.1\r\nHost: test\r\n\r\n".utf8) }

    static func responses(in text: String) -> [String] {
        text.components(separatedBy: "HTTP/1.1 ").dropFirst().map { "HTTP/1.1 " + $0 }
    }

    @Test func pipelinedRequestsSplitAtEveryByteAreAnsweredInOrder() {
        let host = ManualHost()
        let transport = MemoryTransport()
        let pipeline = Self.request("/a") + Self.request("/b") + Self.request("/c")
        transport.reads = pipeline.map { [$0] }  // one byte per read
        let connection = Connection(socket: -1, transport: transport, host: host)
        connection.handle(events: ManualHost.readable)
        let answers = Self.responses(in: transport.writtenText)
        #expect(answers.count == 3)
        #expect(answers.map { String($0.suffix(2)) } == ["/a", "/b", "/c"])
    }

    /// Over TLS one read yields one record while more records may sit in the socket, and an
    /// edge-triggered loop gets no new event for them: the connection must read on past a short read.
    @Test func recordsQueuedBehindAShortReadAreReadWithoutAnotherEvent() {
        let host = ManualHost()
        let transport = MemoryTransport(shortReadMeansEmpty: false)
        transport.reads = [Self.request("/first"), Self.request("/second")]
        let connection = Connection(socket: -1, transport: transport, host: host)
        connection.handle(events: ManualHost.readable)
        #expect(Self.responses(in: transport.writtenText).count == 2)
    }

    /// Plain TCP: a short read proves the socket empty, unless the peer has closed (its FIN arrives with
    /// the last bytes and no further edge comes), when reading goes on to the end of stream.
    @Test func aPeerThatClosedIsReadToTheEndAndTheConnectionCloses() {
        let host = ManualHost()
        let transport = MemoryTransport(shortReadMeansEmpty: true)
        transport.reads = [Self.request("/last")]
        transport.peerClosed = true
        let connection = Connection(socket: -1, transport: transport, host: host)
        connection.handle(events: ManualHost.readable | ManualHost.peerHungUp)
        #expect(transport.writtenText.hasSuffix("GET /last"))
        #expect(host.removed, "the connection stayed open after the peer's end of stream")
    }

    @Test func requestsWaitForTheHandshake() {
        let host = ManualHost()
        let transport = MemoryTransport()
        transport.handshakeSteps = 2
        transport.reads = [Self.request("/after-handshake")]
        let connection = Connection(socket: -1, transport: transport, host: host)
        connection.handle(events: ManualHost.readable)
        connection.handle(events: ManualHost.writable)
        #expect(transport.written.isEmpty)
        #expect(transport.reads.count == 1, "nothing may be read before the handshake completes")
        connection.handle(events: ManualHost.readable)
        #expect(transport.writtenText.hasSuffix("GET /after-handshake"))
    }

    /// The header timeout counts from accept, so a handshake that stalls is dropped like a slow head.
    @Test func aStalledHandshakeExpiresWithTheHeaderTimeout() {
        let host = ManualHost { $0.headerTimeoutSeconds = 10 }
        let transport = MemoryTransport()
        transport.handshakeSteps = 100
        let connection = Connection(socket: -1, transport: transport, host: host)
        connection.handle(events: ManualHost.readable)
        host.clock += 9
        #expect(connection.expiry(at: host.clock) == nil)
        host.clock += 1
        #expect(connection.expiry(at: host.clock) != nil)
    }

    /// While a response is blocked, the next pipelined request waits; the write-stall clock runs from
    /// the last progress, and progress resets it.
    @Test func aBlockedResponseHoldsBackPipelinedRequestsAndStallsExpire() {
        let host = ManualHost { $0.writeTimeoutSeconds = 30 }
        let transport = MemoryTransport()
        transport.writeAllowance = 10
        transport.reads = [Self.request("/one") + Self.request("/two")]
        let connection = Connection(socket: -1, transport: transport, host: host)
        connection.handle(events: ManualHost.readable)
        #expect(transport.written.count == 10)
        host.clock += 29
        #expect(connection.expiry(at: host.clock) == nil)
        transport.writeAllowance = 20
        connection.handle(events: ManualHost.writable)
        host.clock += 29
        #expect(connection.expiry(at: host.clock) == nil, "progress must reset the stall clock")
        host.clock += 1
        #expect(connection.expiry(at: host.clock) != nil)
        transport.writeAllowance = nil
        connection.handle(events: ManualHost.writable)
        #expect(Self.responses(in: transport.writtenText).map { String($0.suffix(4)) } == ["/one", "/two"])
        #expect(connection.expiry(at: host.clock) == nil)
    }

    @Test func anIdleKeepAliveConnectionExpiresAfterTheIdleTimeout() {
        let host = ManualHost { $0.idleTimeoutSeconds = 60 }
        let transport = MemoryTransport()
        transport.reads = [Self.request("/x")]
        let connection = Connection(socket: -1, transport: transport, host: host)
        connection.handle(events: ManualHost.readable)
        host.clock += 59
        #expect(connection.expiry(at: host.clock) == nil)
        host.clock += 1
        #expect(connection.expiry(at: host.clock) != nil)
    }

    /// The access log counts body bytes only, and a response cut off by the peer is logged as aborted
    /// with the body bytes that actually left.
    @Test func theAccessLogRecordsBodyBytesAndAbortedResponses() {
        let host = ManualHost()
        let transport = MemoryTransport()
        transport.reads = [Self.request("/whole")]
        let connection = Connection(socket: -1, transport: transport, host: host)
        connection.handle(events: ManualHost.readable)
        #expect(host.logged.count == 1)
        #expect(host.logged.first?.bodyBytes == Int64("GET /whole".utf8.count))
        #expect(host.logged.first?.aborted == false)

        let headLength = transport.written.count - "GET /whole".utf8.count
        transport.writeAllowance = headLength + 3
        transport.reads = [Self.request("/cut!!")]  // the same length as /whole: an equal head
        connection.handle(events: ManualHost.readable)
        #expect(host.logged.count == 1, "not logged before it ends")
        connection.close(orderly: false)
        #expect(host.logged.count == 2)
        #expect(host.logged.last?.aborted == true)
        #expect(host.logged.last?.bodyBytes == 3)
        #expect(host.logged.last?.head.target == "/cut!!")
    }
}
