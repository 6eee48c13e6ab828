import HTTP1
import Testing

/// RFC 9112 §4 and §5 as the client reads them: what is accepted, what is refused, and that the answer
/// does not depend on how the bytes were split.
@Suite struct ResponseHeadParserTests {
    static func parse(_ text: String, maxBytes: Int = ResponseHeadParser.defaultMaxBytes) throws -> (head: ClientResponseHead, length: Int)? {
        try Array(text.utf8).withUnsafeBytes { buffer in try ResponseHeadParser.parse(buffer, maxBytes: maxBytes) }
    }

    @Test(arguments: [
        ("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n", 200, ["content-length": "5"], true),
        ("HTTP/1.1 404 \r\n\r\n", 404, [:], true),
        // A status line whose reason and its space are left out, as some servers send.
        ("HTTP/1.1 204\r\nX-A: 1\r\n\r\n", 204, ["x-a": "1"], true),
        ("HTTP/1.1 200 OK\r\nConnection: Keep-Alive, close\r\n\r\n", 200, ["connection": "Keep-Alive, close"], false),
        ("HTTP/1.0 200 OK\r\n\r\n", 200, [:], false),
        ("HTTP/1.0 200 OK\r\nConnection: keep-alive\r\n\r\n", 200, ["connection": "keep-alive"], true),
        // §5.3: a field sent twice is one list; names are case-insensitive; OWS around values is not the value.
        ("HTTP/1.1 200 OK\r\nVary: a\r\nVARY:  b \t\r\n\r\n", 200, ["vary": "a, b"], true),
        ("HTTP/1.1 100 Continue\r\n\r\n", 100, [:], true),
        ("HTTP/1.1 200 OK\r\nX-Empty:\r\nX-Text: caf\u{E9}\r\n\r\n", 200, ["x-empty": "", "x-text": "caf\u{E9}"], true),
    ])
    func acceptedHeads(text: String, status: Int, headers: [String: String], keeps: Bool) throws {
        let parsed = try #require(try Self.parse(text + "body"))
        #expect(parsed.head.status == status)
        #expect(parsed.head.headers == headers)
        #expect(parsed.head.keepsConnection == keeps)
        #expect(parsed.length == text.utf8.count)
    }

    @Test(arguments: [
        ("HTTP/1.1 200 OK\nContent-Length: 0\n\n", "a bare LF in the response head"),
        ("HTTP/1.1 200 OK\r\nX: 1\n\r\n", "a bare LF in the response head"),
        ("HTTP/2 200 OK\r\n\r\n", "not an HTTP/1.x status line"),
        ("ICY 200 OK\r\n\r\n", "not an HTTP/1.x status line"),
        ("HTTP/1.1 20x OK\r\n\r\n", "the status code is not three digits"),
        ("HTTP/1.1 2000 OK\r\n\r\n", "the status code is not three digits"),
        ("HTTP/1.1 099 Low\r\n\r\n", "status 99 is not an HTTP status"),
        ("HTTP/1.1 200 O\u{01}K\r\n\r\n", "a control byte in the reason phrase"),
        ("HTTP/1.1 200 OK\r\nX: a\r\n folded\r\n\r\n", "obsolete line folding in the header"),
        ("HTTP/1.1 200 OK\r\nBad Name: a\r\n\r\n", "a malformed header field line"),
        ("HTTP/1.1 200 OK\r\n: a\r\n\r\n", "a malformed header field line"),
        ("HTTP/1.1 200 OK\r\nNoColon\r\n\r\n", "a malformed header field line"),
        ("HTTP/1.1 200 OK\r\nX: a\u{7F}b\r\n\r\n", "a control byte in a header value"),
        ("HTTP/1.1 200 OK\r\nX: a\rb\r\n\r\n", "a control byte in a header value"),
    ])
    func refusedHeads(text: String, reason: String) {
        #expect(throws: ResponseHeadError(reason)) { try Self.parse(text) }
    }

    @Test func anIncompleteHeadWaitsForMoreAtEverySplit() throws {
        let text = Array("HTTP/1.1 206 Partial Content\r\nContent-Range: bytes 0-1/9\r\nETag: \"x\"\r\n\r\n".utf8)
        for end in 0..<text.count {
            let parsed = try Self.parse(String(decoding: text[0..<end], as: UTF8.self))
            #expect(parsed == nil, "split at \(end)")
        }
        let whole = try #require(try Self.parse(String(decoding: text, as: UTF8.self)))
        #expect(whole.head.headers == ["content-range": "bytes 0-1/9", "etag": "\"x\""])
    }

    @Test func aHeadOverTheLimitIsRefusedWithOrWithoutItsEnd() {
        let long = "HTTP/1.1 200 OK\r\nX: \(String(repeating: "a", count: 100))"
        let limit = ResponseHeadError("the response head is larger than 64 bytes")
        for text in [long, long + "\r\n\r\n"] {
            #expect(throws: limit) { try Self.parse(text, maxBytes: 64) }
        }
    }

    @Test func tooManyFieldsAreRefused() {
        let fields = (0...ResponseHeadParser.maxFields).map { "X-\($0): v\r\n" }.joined()
        #expect(throws: ResponseHeadError("more than \(ResponseHeadParser.maxFields) header fields")) {
            try Self.parse("HTTP/1.1 200 OK\r\n\(fields)\r\n")
        }
    }
}
