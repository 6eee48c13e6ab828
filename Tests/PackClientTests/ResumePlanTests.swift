import PackClient
import Testing

@Suite struct ResumePlanTests {
    @Test func aFirstRequestHasNoRangeAndAResumeAsksForTheRestWithIfRange() {
        #expect(ResumePlan(expectedSize: 100, have: 0, validator: "\"abc\"").requestHeaders == [:])
        #expect(ResumePlan(expectedSize: 100, have: 40, validator: "\"abc\"").requestHeaders
            == ["Range": "bytes=40-", "If-Range": "\"abc\""])
        // RFC 9110 §13.1.5: never a weak tag in If-Range; without a strong one, Range alone.
        #expect(ResumePlan(expectedSize: 100, have: 40, validator: "W/\"abc\"").requestHeaders == ["Range": "bytes=40-"])
        #expect(ResumePlan(expectedSize: 100, have: 40, validator: nil).requestHeaders == ["Range": "bytes=40-"])
    }

    struct Row: Sendable, CustomTestStringConvertible {
        let have: Int64
        let status: Int
        let contentRange: String?
        let contentLength: String?
        let expected: ResumeAction
        var testDescription: String { "have \(have), \(status) \(contentRange ?? "-") \(contentLength ?? "-")" }
    }

    @Test(arguments: [
        // The continuation asked for.
        Row(have: 40, status: 206, contentRange: "bytes 40-99/100", contentLength: "60", expected: .append),
        Row(have: 40, status: 206, contentRange: "bytes 40-99/*", contentLength: "60", expected: .append),
        // A first download, or a server that ignored Range, or an If-Range that no longer matched.
        Row(have: 0, status: 200, contentRange: nil, contentLength: "100", expected: .restart),
        Row(have: 40, status: 200, contentRange: nil, contentLength: "100", expected: .restart),
        Row(have: 0, status: 200, contentRange: nil, contentLength: nil, expected: .restart),
        // Bytes other than the ones asked for cannot be appended.
        Row(have: 40, status: 206, contentRange: "bytes 0-99/100", contentLength: "100",
            expected: .discardPartial("asked for bytes 40-, the server sent 0-99")),
        Row(have: 40, status: 416, contentRange: "bytes */30", contentLength: nil,
            expected: .discardPartial("the server refused bytes 40- with 416")),
        // Sizes that contradict the manifest.
        Row(have: 40, status: 206, contentRange: "bytes 40-119/120", contentLength: "80",
            expected: .fail("the server has 120 bytes; the manifest says 100")),
        Row(have: 0, status: 200, contentRange: nil, contentLength: "99",
            expected: .fail("the server sends 99 bytes; the manifest says 100")),
        Row(have: 40, status: 206, contentRange: "bytes 40-99", contentLength: "60",
            expected: .fail("answered a range request with 206 but no valid Content-Range (bytes 40-99)")),
        // A 206 to a request without Range is not an answer we asked for.
        Row(have: 0, status: 206, contentRange: "bytes 0-99/100", contentLength: "100", expected: .fail("HTTP 206")),
        Row(have: 0, status: 404, contentRange: nil, contentLength: "20", expected: .fail("HTTP 404")),
        Row(have: 0, status: 421, contentRange: nil, contentLength: "0", expected: .fail("HTTP 421")),
        // Worth another try.
        Row(have: 40, status: 503, contentRange: nil, contentLength: "0", expected: .retryLater("HTTP 503")),
        Row(have: 0, status: 429, contentRange: nil, contentLength: "0", expected: .retryLater("HTTP 429")),
    ])
    func responseDecides(row: Row) {
        let plan = ResumePlan(expectedSize: 100, have: row.have, validator: "\"abc\"")
        #expect(plan.action(status: row.status, contentRange: row.contentRange, contentLength: row.contentLength) == row.expected)
    }
}
