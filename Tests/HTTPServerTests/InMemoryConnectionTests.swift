import HTTPServer
import Testing

/// `InMemoryConnection` through public API only, as the benchmarks use it: requests are answered within
/// `receive(_:)`, bytes are counted, a deferred answer waits for `runTasks()`, and a closed connection
/// ignores what comes after.
@Suite struct InMemoryConnectionTests {
    static func request(_ target: String, _ extra: String = "") -> [UInt8] {
        Array("GET \(target) HTTP/1.1\r\nHost: example.com\r\n\(extra)\r\n".utf8)
    }

    /// The bytes of `EchoResponder`'s answer to `GET target`, head and body, with the connection's fixed Date.
    static func echoed(_ target: String) -> Int {
        let body = "GET \(target)"
        let head = "HTTP/1.1 200 OK\r\nDate: Mon, 23 Nov 2026 00:00:00 GMT\r\nServer: PackServe\r\n"
            + "Content-Type: text/plain\r\nContent-Length: \(body.utf8.count)\r\n\r\n"
        return head.utf8.count + body.utf8.count
    }

    @Test func answersEveryRequestBeforeReceiveReturns() {
        let connection = InMemoryConnection(responder: EchoResponder())
        connection.receive(Self.request("/a"))
        #expect(connection.bytesWritten == Self.echoed("/a"))
        // Two pipelined requests, split mid-head: the second waits for its last bytes.
        let both = Self.request("/b") + Self.request("/c")
        connection.receive(Array(both[..<(both.count - 3)]))
        #expect(connection.bytesWritten == Self.echoed("/a") + Self.echoed("/b"))
        connection.receive(Array(both[(both.count - 3)...]))
        #expect(connection.bytesWritten == Self.echoed("/a") + Self.echoed("/b") + Self.echoed("/c"))
        #expect(connection.fileBytesSent == 0 && !connection.isClosed)
    }

    @Test func deferredAnswerIsSentByRunTasks() {
        let pending = DeferredResponse()
        let connection = InMemoryConnection(responder: DeferringResponder(pending: pending))
        connection.receive(Self.request("/later"))
        #expect(connection.bytesWritten == 0)
        pending.complete(HTTPResponse(status: .noContent))
        #expect(connection.runTasks() == 1)
        #expect(connection.bytesWritten > 0)
    }

    @Test func closedConnectionIgnoresLaterBytes() {
        let connection = InMemoryConnection(responder: EchoResponder())
        connection.receive(Self.request("/last", "Connection: close\r\n"))
        #expect(connection.isClosed)
        let written = connection.bytesWritten
        connection.receive(Self.request("/ignored"))
        #expect(connection.bytesWritten == written)
    }
}

/// Answers every request with the one `DeferredResponse` the test completes.
private struct DeferringResponder: HTTPResponder {
    let pending: DeferredResponse
    func respond(to request: HTTPRequest) -> HTTPResponse { .deferred(pending) }
}
