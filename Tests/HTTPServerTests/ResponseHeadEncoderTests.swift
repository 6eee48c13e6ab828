import Testing
@testable import HTTPServer

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
        let response = HTTPResponse(status: .ok, headers: headers, body: .bytes(Array("hello".utf8)))
        let head = ResponseHeadEncoder.encode(
            response, framing: .init(keepAlive: false, requestVersion: .http1_1, date: "Mon, 23 Nov 2026 12:00:00 GMT"))
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
}
