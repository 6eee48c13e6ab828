import Testing
@testable import HTTP1

/// The server owns the framing fields (RFC 9112 §6): whatever a responder put in Content-Length,
/// Transfer-Encoding, Connection or Date, in any letter case, the head carries the server's own, once.
@Suite struct ResponseHeadEncoderTests {
    static func fields(of head: [UInt8]) -> [(name: String, value: String)] {
        let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n").dropFirst().filter { !$0.isEmpty }
        return lines.map { line in
            let parts = line.split(separator: ":", maxSplits: 1)
            return (String(parts[0]), String(parts[1].drop { $0 == " " }))
        }
    }

    @Test func aResponderCannotSetTheFramingFields() {
        let headers: HTTPHeaders = [
            "content-LENGTH": "999", "Transfer-Encoding": "chunked", "CONNECTION": "upgrade", "date": "yesterday",
            // Same lengths as owned names, not owned: kept.
            "Vary": "Accept-Encoding", "Content-Range": "bytes 0-4/5", "X-Content-Length": "5",
        ]
        let head = ResponseHeadEncoder.encode(
            status: .ok, headers: headers, contentLength: 5,
            keepAlive: false, requestVersion: .http1_1, date: "Mon, 23 Nov 2026 12:00:00 GMT")
        let fields = Self.fields(of: head)
        func values(_ name: String) -> [String] { fields.filter { $0.name.lowercased() == name }.map(\.value) }

        #expect(values("content-length") == ["5"])
        #expect(values("transfer-encoding") == [])
        #expect(values("connection") == ["close"])
        #expect(values("date") == ["Mon, 23 Nov 2026 12:00:00 GMT"])
        #expect(values("vary") == ["Accept-Encoding"])
        #expect(values("content-range") == ["bytes 0-4/5"])
        #expect(values("x-content-length") == ["5"])
    }

    /// The whole head, byte for byte: status line, Date and Server first, the responder's fields in
    /// order, then the server's framing fields.
    @Test func aHeadIsWrittenExactly() {
        let date = "Mon, 23 Nov 2026 12:00:00 GMT"
        let keepAlive10 = ResponseHeadEncoder.encode(
            status: .partialContent, headers: ["ETag": "\"6b-64\"", "Content-Range": "bytes 0-4/100"], contentLength: 5,
            keepAlive: true, requestVersion: .http1_0, date: date, serverName: "PackServe")
        #expect(String(decoding: keepAlive10, as: UTF8.self) == """
            HTTP/1.1 206 Partial Content\r\nDate: \(date)\r\nServer: PackServe\r\nETag: "6b-64"\r\n\
            Content-Range: bytes 0-4/100\r\nContent-Length: 5\r\nConnection: keep-alive\r\n\r\n
            """)
        let notModified = ResponseHeadEncoder.encode(
            status: .notModified, headers: [:], contentLength: 0,
            keepAlive: true, requestVersion: .http1_1, date: date)
        #expect(String(decoding: notModified, as: UTF8.self) == "HTTP/1.1 304 Not Modified\r\nDate: \(date)\r\n\r\n")
    }

    /// A field whose name or value holds CR, LF or NUL is left out whole (no response splitting); its
    /// neighbours and a value with a tab (also a small byte, but allowed) are kept.
    @Test(arguments: ["a\r\nSet-Cookie: x=1", "a\nb", "a\u{0}b", "a\rb"])
    func aFieldThatCouldSplitTheResponseIsLeftOut(unsafe: String) {
        var headers: HTTPHeaders = ["X-Before": "1"]
        headers.add("X-Unsafe", unsafe)
        headers.add(unsafe, "name")
        headers.add("X-Tab", "a\tb")
        headers.add("X-After", "2")
        let head = ResponseHeadEncoder.encode(
            status: .ok, headers: headers, contentLength: 0, keepAlive: true, requestVersion: .http1_1, date: "d")
        let fields = Self.fields(of: head)
        #expect(fields.map(\.name) == ["Date", "X-Before", "X-Tab", "X-After", "Content-Length"])
        #expect(!head.contains(0x00))
        // Six lines, the empty line, and nothing after it: no line break of the unsafe text got through.
        #expect(String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n").count == 8)
        #expect(!head.split(separator: 0x0D).contains { $0.dropFirst().contains(0x0A) })
    }
}
