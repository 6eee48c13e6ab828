import Testing

@testable import HTTP1

/// The connection re-parses its buffer after every read, so the answer must not depend on how the bytes
/// were split into reads, and consecutive (pipelined) heads must be found one after the other.
@Suite struct RequestHeadParserIncrementalTests {
    static let requests: [String] = [
        "GET /a/b.zip?x=1 HTTP/1.1\r\nHost: example.com\r\nRange: bytes=0-99\r\nUser-Agent: t\r\n\r\n",
        "\r\nHEAD http://Example.com:8080/p HTTP/1.1\r\nHost: example.com\r\n\r\n",
        "POST /up HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: gzip, chunked\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\nX: y\r\n\r\n",
        "GET / HTTP/1.1\r\nHost : h\r\n\r\n",
        "get / HTTP/1.1\r\nHost: h\r\n\r\n",
        "OPTIONS * HTTP/1.0\r\n\r\n",
        "GET /x HTTP/2.0\r\nHost: h\r\n\r\n",
    ]

    @Test(arguments: requests)
    func everySplitIntoTwoReadsGivesTheSameResult(_ request: String) {
        let bytes = Array(request.utf8)
        let whole = parse(bytes)
        #expect(whole != .incomplete)
        for split in 0...bytes.count {
            let first = parse(Array(bytes[..<split]))
            if first == .incomplete {
                #expect(parse(bytes) == whole, "split at \(split)")
            } else {
                #expect(first == whole, "split at \(split): a prefix answered differently")
            }
        }
    }

    @Test(arguments: requests)
    func byteByByteFeedingGivesTheSameResult(_ request: String) {
        let bytes = Array(request.utf8)
        var buffer: [UInt8] = []
        var result = RequestHeadParseResult.incomplete
        for byte in bytes where result == .incomplete {
            buffer.append(byte)
            result = parse(buffer)
        }
        #expect(result == parse(bytes))
    }

    @Test func findsPipelinedHeadsOneAfterTheOther() {
        let heads = [
            "GET /one HTTP/1.1\r\nHost: h\r\n\r\n",
            "HEAD /two?q HTTP/1.1\r\nHost: h\r\nConnection: keep-alive\r\n\r\n",
            "\r\nGET /three HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n",
        ]
        var buffer = Array(heads.joined().utf8) + Array("GET /fou".utf8)
        var paths: [String] = []
        var lengths: [Int] = []
        while case .complete(let head, let headLength, _) = parse(buffer) {
            paths.append(head.path)
            lengths.append(headLength)
            buffer.removeFirst(headLength)
        }
        #expect(paths == ["/one", "/two", "/three"])
        #expect(lengths == heads.map(\.utf8.count))
        #expect(buffer == Array("GET /fou".utf8))
        #expect(parse(buffer) == .incomplete)
    }

    @Test func pipelinedRequestAfterAContentLengthBody() {
        var buffer = Array("POST /a HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nhelloGET /b HTTP/1.1\r\nHost: h\r\n\r\n".utf8)
        guard case .complete(let first, let headLength, .contentLength(let length)) = parse(buffer) else {
            Issue.record("expected a POST head with a Content-Length body")
            return
        }
        #expect(first.path == "/a")
        #expect(Array(buffer[headLength..<headLength + length]) == Array("hello".utf8))
        buffer.removeFirst(headLength + length)
        guard case .complete(let second, let secondLength, .none) = parse(buffer) else {
            Issue.record("expected the pipelined GET")
            return
        }
        #expect(second.path == "/b")
        #expect(secondLength == buffer.count)
    }

    private func parse(_ bytes: [UInt8]) -> RequestHeadParseResult {
        RequestHeadParser.parse(bytes, maxHeaderBytes: 4096, maxBodyBytes: 1024)
    }
}
