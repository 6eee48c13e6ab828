import Foundation
import HTTP1
@testable import HTTPServer
import Testing
import Polling

/// Streamed request bodies and deferred responses through the in-memory transport and the manual host:
/// the body is read only on demand and no further than the consumer's buffer, the response waits for the
/// application and keeps its place before pipelined requests, and aborts, refusals and closes reach the
/// consumer. The consumer runs on a thread of its own (as an application's must); the loop's side runs on
/// the test's thread whenever the test lets the host's queued wake-ups run.
@Suite struct ConnectionStreamingTests {
    static func upload(_ path: String, length: Int, extraFields: String = "") -> [UInt8] {
        Array("PUT \(path) HTTP/1.1\r\nHost: test\r\nContent-Length: \(length)\r\n\(extraFields)\r\n".utf8)
    }

    static let body = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 7) }

    /// Runs the host's wake-ups until `done` holds (the consumer's thread queues them as it reads).
    static func runTasks(on host: ManualHost, until done: () -> Bool) {
        Poll.blockingUntil(within: .seconds(5), every: .milliseconds(1)) {
            host.runTasks()
            return done()
        }
    }

    static func connection(_ host: ManualHost, _ transport: MemoryTransport) -> Connection {
        Connection(socket: -1, transport: transport, host: host)
    }

    @Test func aStreamedBodyIsReadOnDemandAndItsDeferredResponseKeepsItsPlaceInThePipeline() throws {
        let responder = StreamingResponder()
        let host = ManualHost(responder: responder) { $0.streamedBodyBufferBytes = 64 }
        let transport = MemoryTransport()
        let pieces = stride(from: 0, to: 1000, by: 100).map { Array(Self.body[$0..<$0 + 100]) }
        transport.reads = [Self.upload("/upload", length: 1000)] + pieces + [ConnectionStateTests.request("/after")]
        let connection = Self.connection(host, transport)
        connection.handle(events: ManualHost.readable)
        let upload = try #require(responder.lastUpload)
        #expect(upload.stream.contentLength == 1000)
        #expect(transport.reads.count == 11, "no body byte may be read before the consumer asks")

        let consumer = BodyConsumer(upload.stream)
        Self.runTasks(on: host) { consumer.outcome(within: 0) != nil }
        #expect(consumer.outcome() == .complete(Self.body))
        #expect(transport.written.isEmpty)
        #expect(transport.reads.count == 1, "the pipelined request waits for the deferred response")
        #expect(connection.expiry(at: host.clock + 3600) == nil, "waiting on the application never times out")

        let completing = Thread { upload.response.complete(StreamingResponder.text("stored 1000")) }
        completing.start()
        Self.runTasks(on: host) { !transport.written.isEmpty && transport.reads.isEmpty }
        let answers = ConnectionStateTests.responses(in: transport.writtenText)
        #expect(answers.count == 2)
        #expect(answers.first?.hasSuffix("stored 1000") == true)
        #expect(answers.last?.hasSuffix("GET /after") == true)
        #expect(host.logged.map(\.status) == [200, 200])
    }

    /// The connection reads no further than the stream's buffer ahead of a consumer that has stopped.
    @Test func aConsumerThatFallsBehindStopsTheReading() throws {
        let responder = StreamingResponder()
        let host = ManualHost(responder: responder) { $0.streamedBodyBufferBytes = 64 }
        let transport = MemoryTransport()
        transport.reads = [Self.upload("/upload", length: 1000)] + stride(from: 0, to: 1000, by: 100).map {
            Array(Self.body[$0..<$0 + 100])
        }
        let connection = Self.connection(host, transport)
        connection.handle(events: ManualHost.readable)
        let upload = try #require(responder.lastUpload)
        let consumer = BodyConsumer(upload.stream, pauseAfter: 300)
        // Once the consumer is parked, every wake-up it handed the connection is queued: run them all (and any
        // they queue). None may read far ahead of the paused consumer.
        Self.runTasks(on: host) { consumer.isPaused }
        while host.runTasks() > 0 {}
        #expect(consumer.bytesReceived == 300)
        #expect(transport.reads.count >= 5, "read \(10 - transport.reads.count) pieces for a consumer at 3")
        host.clock += 3600
        #expect(connection.expiry(at: host.clock) == nil, "the pause is the server's, not the client's")
        consumer.go()
        Self.runTasks(on: host) { consumer.outcome(within: 0) != nil }
        #expect(consumer.outcome() == .complete(Self.body))
    }

    /// A 1000-byte upload with `Expect: 100-continue` handed to `responder`, nothing written before the
    /// application reads, and a consumer reading it.
    static func continuedUpload(
        to responder: StreamingResponder, on host: ManualHost
    ) throws -> (Connection, MemoryTransport, BodyConsumer) {
        let transport = MemoryTransport()
        transport.reads = [Self.upload("/upload", length: 1000, extraFields: "Expect: 100-continue\r\n")]
        let connection = Self.connection(host, transport)
        connection.handle(events: ManualHost.readable)
        #expect(transport.written.isEmpty)
        let upload = try #require(responder.lastUpload)
        return (connection, transport, BodyConsumer(upload.stream))
    }

    @Test func expectContinueIsAnsweredWhenTheConsumerFirstAsks() throws {
        let responder = StreamingResponder()
        let host = ManualHost(responder: responder)
        let (connection, transport, consumer) = try Self.continuedUpload(to: responder, on: host)
        Self.runTasks(on: host) { !transport.written.isEmpty }
        #expect(transport.writtenText == "HTTP/1.1 100 Continue\r\n\r\n")
        transport.reads = [Self.body]
        connection.handle(events: ManualHost.readable)
        #expect(consumer.outcome() == .complete(Self.body))
    }

    /// The client hangs up half-way: the consumer learns it, and the response completed afterwards goes
    /// nowhere.
    @Test func aClientThatHangsUpMidBodyFailsTheStream() throws {
        let responder = StreamingResponder()
        let host = ManualHost(responder: responder)
        let transport = MemoryTransport()
        transport.reads = [Self.upload("/upload", length: 1000), Array(Self.body[0..<300])]
        transport.peerClosed = true
        let connection = Self.connection(host, transport)
        connection.handle(events: ManualHost.readable | ManualHost.peerHungUp)
        let upload = try #require(responder.lastUpload)
        let consumer = BodyConsumer(upload.stream)
        Self.runTasks(on: host) { consumer.outcome(within: 0) != nil }
        #expect(consumer.outcome() == .failed(.connectionClosed))
        #expect(host.removed)
        upload.response.complete(StreamingResponder.text("too late"))
        host.runTasks()
        #expect(transport.written.isEmpty)
    }

    @Test func aChunkedBodyOverTheStreamsLimitIsRefusedAndTheConsumerTold() throws {
        let responder = StreamingResponder(maxBytes: 100)
        let host = ManualHost(responder: responder)
        let transport = MemoryTransport()
        let head = Array("PUT /upload HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
        transport.reads = [head, Array("64\r\n".utf8) + Array(Self.body[0..<100]) + Array("\r\n1\r\nx\r\n0\r\n\r\n".utf8)]
        let connection = Self.connection(host, transport)
        connection.handle(events: ManualHost.readable)
        let upload = try #require(responder.lastUpload)
        #expect(upload.stream.contentLength == nil)
        let consumer = BodyConsumer(upload.stream)
        Self.runTasks(on: host) { consumer.outcome(within: 0) != nil }
        #expect(consumer.outcome() == .failed(.refused(status: 413)))
        #expect(transport.writtenText.hasPrefix("HTTP/1.1 413 "))
    }

    /// The limit is the application's, given with its first read: a Content-Length over it is answered
    /// 413 then, before a byte of the body is read, and the consumer is told.
    @Test func aContentLengthOverTheStreamsLimitIsRefusedAtTheFirstRead() throws {
        let responder = StreamingResponder(maxBytes: 999)
        let host = ManualHost(responder: responder)
        let (_, transport, consumer) = try Self.continuedUpload(to: responder, on: host)
        Self.runTasks(on: host) { consumer.outcome(within: 0) != nil }
        #expect(consumer.outcome() == .failed(.refused(status: 413)))
        #expect(transport.writtenText.hasPrefix("HTTP/1.1 413 "), "no 100 Continue for a body refused")
        #expect(transport.finishedSending, "the unread body is drained by a lingering close")
    }

    /// `HTTPResponse.readingBody`: the connection reads the whole body, the handler gets it on a worker.
    @Test func aBodyReadWholeReachesItsHandler() {
        let host = ManualHost(responder: EchoResponder())
        let transport = MemoryTransport()
        transport.reads = [Self.upload("/whole", length: 5), Array("hello".utf8), ConnectionStateTests.request("/after")]
        Self.connection(host, transport).handle(events: ManualHost.readable)
        Self.runTasks(on: host) { ConnectionStateTests.responses(in: transport.writtenText).count == 2 }
        let answers = ConnectionStateTests.responses(in: transport.writtenText)
        #expect(answers.first?.hasSuffix("PUT /whole\nhello") == true)
        #expect(answers.last?.hasSuffix("GET /after") == true)
    }

    /// An application that answers before asking for the body (a 401, say) never makes it travel:
    /// no 100 Continue, the answer, then a lingering close.
    @Test func anAnswerBeforeTheBodyIsReadSkipsTheBody() {
        let host = ManualHost(responder: StreamingResponder())
        let transport = MemoryTransport()
        transport.reads = [Self.upload("/early", length: 1000, extraFields: "Expect: 100-continue\r\n")]
        Self.connection(host, transport).handle(events: ManualHost.readable)
        #expect(transport.writtenText.hasPrefix("HTTP/1.1 401 "))
        #expect(!transport.writtenText.contains("100 Continue"))
        #expect(transport.writtenText.contains("Connection: close"))
        #expect(transport.finishedSending)
    }

    /// A deferred answer completed while the body still arrives ends the body: the consumer is told, the
    /// answer goes out at once and the connection closes after it.
    @Test func aDeferredAnswerCompletedMidBodyEndsTheBody() throws {
        let responder = StreamingResponder()
        let host = ManualHost(responder: responder)
        let transport = MemoryTransport()
        transport.reads = [Self.upload("/upload", length: 1000), Array(Self.body[0..<300])]
        let connection = Self.connection(host, transport)
        connection.handle(events: ManualHost.readable)
        let upload = try #require(responder.lastUpload)
        let consumer = BodyConsumer(upload.stream, pauseAfter: 300) { _ in }
        Self.runTasks(on: host) { consumer.bytesReceived >= 300 }
        upload.response.complete(StreamingResponder.text("enough", status: HTTPStatus(507, "Insufficient Storage")))
        host.runTasks()
        consumer.go()
        #expect(consumer.outcome() == .failed(.abandoned))
        #expect(transport.writtenText.hasPrefix("HTTP/1.1 507 "))
        #expect(transport.writtenText.contains("Connection: close"))
    }

    @Test func aDeferredResponseWithoutABodyHoldsBackThePipelineUntilCompleted() throws {
        let responder = StreamingResponder()
        let host = ManualHost(responder: responder)
        let transport = MemoryTransport()
        transport.reads = [ConnectionStateTests.request("/later-1") + ConnectionStateTests.request("/now")]
        let connection = Self.connection(host, transport)
        connection.handle(events: ManualHost.readable)
        #expect(transport.written.isEmpty)
        #expect(!connection.isIdle)
        let pending = try #require(responder.pending.withLock { $0.first?.response })
        let completing = Thread { pending.complete(StreamingResponder.text("published")) }
        completing.start()
        Self.runTasks(on: host) { ConnectionStateTests.responses(in: transport.writtenText).count == 2 }
        let answers = ConnectionStateTests.responses(in: transport.writtenText)
        #expect(answers.map { $0.hasSuffix("published") || $0.hasSuffix("GET /now") } == [true, true])
        #expect(answers.first?.hasSuffix("published") == true)
        #expect(connection.isIdle)
    }

    @Test func aResponseCompletedAfterTheConnectionClosedGoesNowhere() throws {
        let responder = StreamingResponder()
        let host = ManualHost(responder: responder)
        let transport = MemoryTransport()
        transport.reads = [ConnectionStateTests.request("/later")]
        let connection = Self.connection(host, transport)
        connection.handle(events: ManualHost.readable)
        connection.close(orderly: false)
        let pending = try #require(responder.pending.withLock { $0.first?.response })
        pending.complete(StreamingResponder.text("nobody listens"))
        #expect(host.runTasks() == 0, "a cancelled response does not even wake the loop")
        #expect(transport.written.isEmpty)
        #expect(host.logged.isEmpty)
    }

    /// A response completed before `respond(to:)` even returned is sent at once, like a synchronous one.
    @Test func aResponseAlreadyCompleteIsSentWithoutAWakeUp() {
        struct Immediate: HTTPResponder {
            func respond(to request: HTTPRequest) -> HTTPResponse {
                let pending = DeferredResponse()
                pending.complete(StreamingResponder.text("at once"))
                return .deferred(pending)
            }
        }
        let host = ManualHost(responder: Immediate())
        let transport = MemoryTransport()
        transport.reads = [ConnectionStateTests.request("/a") + ConnectionStateTests.request("/b")]
        Self.connection(host, transport).handle(events: ManualHost.readable)
        #expect(ConnectionStateTests.responses(in: transport.writtenText).count == 2)
    }
}
