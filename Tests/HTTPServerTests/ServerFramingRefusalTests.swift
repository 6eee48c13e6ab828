import Testing

extension ServerTests {
    /// docs/http.md "Framing": each malformed request gets its status, a
    /// `Connection: close`, and then an orderly close; a valid request pipelined behind it is never
    /// answered (after a framing error the server can't know where it starts).
    @Suite struct FramingRefusals {
        struct Case: Sendable, CustomTestStringConvertible {
            var name: String
            var request: String
            var status: Int
            var testDescription: String { name }
        }

        static let cases: [Case] = [
            Case(name: "whitespace before colon", request: "GET / HTTP/1.1\r\nHost: test\r\nAccept : */*\r\n\r\n", status: 400),
            Case(name: "obs-fold", request: "GET / HTTP/1.1\r\nHost: test\r\nX-Long: a\r\n b\r\n\r\n", status: 400),
            Case(name: "Content-Length not digits", request: "POST / HTTP/1.1\r\nHost: test\r\nContent-Length: 12a\r\n\r\n", status: 400),
            Case(name: "Content-Length negative", request: "POST / HTTP/1.1\r\nHost: test\r\nContent-Length: -1\r\n\r\n", status: 400),
            Case(name: "Content-Length with sign", request: "POST / HTTP/1.1\r\nHost: test\r\nContent-Length: +3\r\n\r\nabc", status: 400),
            Case(name: "two different Content-Lengths",
                 request: "POST / HTTP/1.1\r\nHost: test\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd", status: 400),
            Case(name: "missing Host on HTTP/1.1", request: "GET / HTTP/1.1\r\nAccept: */*\r\n\r\n", status: 400),
            Case(name: "two Host fields", request: "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", status: 400),
            Case(name: "Content-Length with Transfer-Encoding",
                 request: "POST / HTTP/1.1\r\nHost: test\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", status: 400),
            Case(name: "Transfer-Encoding gzip", request: "POST / HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: gzip\r\n\r\n", status: 400),
            Case(name: "chunked not the final coding",
                 request: "POST / HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: chunked, gzip\r\n\r\n", status: 400),
            Case(name: "bad chunk size",
                 request: "POST / HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n", status: 400),
            Case(name: "unknown method", request: "BREW /pot HTTP/1.1\r\nHost: test\r\n\r\n", status: 501),
            Case(name: "header section over maxHeaderBytes",
                 request: "GET / HTTP/1.1\r\nHost: test\r\nX-Big: \(String(repeating: "b", count: 5000))\r\n\r\n", status: 431),
            Case(name: "asterisk-form target with GET", request: "GET * HTTP/1.1\r\nHost: test\r\n\r\n", status: 400),
            Case(name: "authority-form target with GET", request: "GET test:80 HTTP/1.1\r\nHost: test\r\n\r\n", status: 400),
            Case(name: "relative target", request: "GET index.html HTTP/1.1\r\nHost: test\r\n\r\n", status: 400),
        ]

        @Test(arguments: cases)
        func refusedWithItsStatusThenClosed(_ refusal: Case) async throws {
            let server = try TestServer { $0.maxHeaderBytes = 4096 }
            let client = try server.client()
            try client.send(refusal.request + "GET /pipelined HTTP/1.1\r\nHost: test\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == refusal.status)
            #expect(response.closesConnection)
            #expect(response["Content-Type"] == "application/problem+json")
            client.expectOrderlyCloseWithNothingMore()
            await server.stop()
        }
    }
}
