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
}
