import HTTP1
import Testing

/// RFC 9112 §6.3, rule by rule.
@Suite struct ResponseBodyFramingTests {
    @Test(arguments: [
        ("HEAD", 200, ["content-length": "10"], ResponseBodyFraming.none),
        ("GET", 100, [:], .none),
        ("GET", 204, ["content-length": "10"], .none),
        ("GET", 304, ["content-length": "10"], .none),
        ("GET", 200, ["transfer-encoding": "chunked", "content-length": "10"], .chunked),
        ("GET", 200, ["transfer-encoding": "gzip, Chunked"], .chunked),
        ("GET", 200, ["transfer-encoding": "chunked, gzip"], .untilClose),
        ("GET", 200, ["content-length": "10"], .length(10)),
        ("GET", 200, ["content-length": "10, 10"], .length(10)),
        ("GET", 200, ["content-length": "0"], .length(0)),
        ("GET", 200, [:], .untilClose),
    ])
    func framing(method: String, status: Int, headers: [String: String], expected: ResponseBodyFraming) throws {
        let head = ClientResponseHead(status: status, headers: headers)
        #expect(try ResponseBodyFraming(requestMethod: method, head: head) == expected)
    }

    @Test(arguments: ["10, 11", "-1", "1e3", "", "0x10", "9999999999999999999"])
    func anInvalidContentLengthIsRefused(value: String) {
        let head = ClientResponseHead(status: 200, headers: ["content-length": value])
        #expect(throws: ResponseHeadError("an invalid Content-Length: \(value)")) {
            try ResponseBodyFraming(requestMethod: "GET", head: head)
        }
    }
}
