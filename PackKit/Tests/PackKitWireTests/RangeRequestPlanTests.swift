import PackKitWire
import Testing

@Suite struct RangeRequestPlanTests {
    @Test func asksForOneChunkAndSendsIfRangeOnlyWithBytesAndAStrongTag() {
        let first = RangeRequestPlan(expectedSize: 10_000, have: 0, validator: #""abc""#, chunkSize: 4096)
        #expect(first.requestHeaders == ["Range": "bytes=0-4095", "Accept-Encoding": "identity"])
        let resume = RangeRequestPlan(expectedSize: 10_000, have: 8192, validator: #""abc""#, chunkSize: 4096)
        #expect(resume.requestHeaders == ["Range": "bytes=8192-9999", "If-Range": #""abc""#, "Accept-Encoding": "identity"])
        let weak = RangeRequestPlan(expectedSize: 10_000, have: 8192, validator: #"W/"abc""#, chunkSize: 4096)
        #expect(weak.requestHeaders["If-Range"] == nil)
    }

    @Test func readsTheAnswer() {
        let plan = RangeRequestPlan(expectedSize: 10_000, have: 4096, validator: #""abc""#, chunkSize: 4096)
        #expect(plan.action(status: 206, contentRange: "bytes 4096-8191/10000", contentLength: "4096") == .append(bytes: 4096))
        #expect(plan.action(status: 206, contentRange: "bytes 0-4095/10000", contentLength: nil)
            == .restartFromZero("asked for bytes 4096-8191, the server sent 0-4095"))
        #expect(plan.action(status: 206, contentRange: "bytes 4096-8191/9999", contentLength: nil)
            == .fail("the server has 9999 bytes; the manifest says 10000"))
        #expect(plan.action(status: 200, contentRange: nil, contentLength: "10000")
            == .restartFromZero("the server answered the resume with 200 (validator changed)"))
        #expect(plan.action(status: 200, contentRange: nil, contentLength: "9") == .fail("the server sends 9 bytes; the manifest says 10000"))
        #expect(plan.action(status: 503, contentRange: nil, contentLength: nil) == .retryLater("HTTP 503"))
        #expect(plan.action(status: 401, contentRange: nil, contentLength: nil) == .unauthorized)
        #expect(plan.action(status: 404, contentRange: nil, contentLength: nil) == .fail("HTTP 404"))
        let fresh = RangeRequestPlan(expectedSize: 10_000, have: 0, validator: nil)
        #expect(fresh.action(status: 200, contentRange: nil, contentLength: "10000") == .whole)
    }

    @Test(arguments: ["bytes 1-0/5", "bytes 0-9/5", "bytes */5", "items 0-1/5", "bytes 0-1"])
    func refusesBadContentRanges(value: String) {
        #expect(ContentRange(value) == nil)
    }

    struct Row: Sendable, CustomTestStringConvertible {
        let have: Int64
        let status: Int
        let contentRange: String?
        let contentLength: String?
        let expected: RangeResponseAction
        var testDescription: String { "have \(have), \(status) \(contentRange ?? "-") \(contentLength ?? "-")" }
    }

    /// Every answer a resume of a 100-byte pack can get, the rest of it asked for in one chunk (as
    /// `packserve verify --download` does).
    @Test(arguments: [
        // The continuation asked for, the complete length known or not.
        Row(have: 40, status: 206, contentRange: "bytes 40-99/100", contentLength: "60", expected: .append(bytes: 60)),
        Row(have: 40, status: 206, contentRange: "bytes 40-99/*", contentLength: "60", expected: .append(bytes: 60)),
        Row(have: 0, status: 206, contentRange: "bytes 0-99/100", contentLength: "100", expected: .append(bytes: 100)),
        // A server that ignores Range sends the whole: taken from byte 0, refused over bytes on disk.
        Row(have: 0, status: 200, contentRange: nil, contentLength: "100", expected: .whole),
        Row(have: 0, status: 200, contentRange: nil, contentLength: nil, expected: .whole),
        Row(have: 40, status: 200, contentRange: nil, contentLength: "100",
            expected: .restartFromZero("the server answered the resume with 200 (validator changed)")),
        // Bytes other than the ones asked for cannot be appended.
        Row(have: 40, status: 206, contentRange: "bytes 0-99/100", contentLength: "100",
            expected: .restartFromZero("asked for bytes 40-99, the server sent 0-99")),
        Row(have: 40, status: 416, contentRange: "bytes */30", contentLength: nil,
            expected: .restartFromZero("the server refused bytes 40- with 416")),
        // Sizes that contradict the manifest.
        Row(have: 40, status: 206, contentRange: "bytes 40-119/120", contentLength: "80",
            expected: .fail("the server has 120 bytes; the manifest says 100")),
        Row(have: 0, status: 200, contentRange: nil, contentLength: "99",
            expected: .fail("the server sends 99 bytes; the manifest says 100")),
        Row(have: 40, status: 206, contentRange: "bytes 40-99", contentLength: "60",
            expected: .fail("a 206 without a valid Content-Range (bytes 40-99)")),
        Row(have: 0, status: 404, contentRange: nil, contentLength: "20", expected: .fail("HTTP 404")),
        Row(have: 0, status: 421, contentRange: nil, contentLength: "0", expected: .fail("HTTP 421")),
        // Worth another try.
        Row(have: 40, status: 503, contentRange: nil, contentLength: "0", expected: .retryLater("HTTP 503")),
        Row(have: 0, status: 429, contentRange: nil, contentLength: "0", expected: .retryLater("HTTP 429")),
    ])
    func theAnswerDecides(row: Row) {
        let plan = RangeRequestPlan(expectedSize: 100, have: row.have, validator: #""abc""#, chunkSize: 100 - row.have)
        #expect(plan.action(status: row.status, contentRange: row.contentRange, contentLength: row.contentLength) == row.expected)
    }
}
