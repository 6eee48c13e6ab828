import Synchronization
import Testing

@testable import HTTPServer

/// `HTTPResponse.finishingDeferred(_:)`: the application's last step reaches a deferred response's final
/// answer whichever comes first, the work's completion or the connection's wait (Round 3, finding 5).
@Suite struct DeferredFinishingTests {
    static func marked(_ response: HTTPResponse) -> HTTPResponse {
        var response = response
        response.headers.add("X-Finished", "yes")
        return response
    }

    @Test func completedBeforeTheConnectionWaits() {
        let work = DeferredResponse()
        let finished = HTTPResponse.deferred(work).finishingDeferred(Self.marked)
        work.complete(HTTPResponse(status: .notFound))
        let ready = finished.deferral?.attach { _ in Issue.record("delivered twice") }
        #expect(ready?.status == .notFound && ready?.headers["x-finished"] == "yes")
    }

    @Test func completedWhileTheConnectionWaits() {
        let work = DeferredResponse()
        let finished = HTTPResponse.deferred(work).finishingDeferred(Self.marked)
        let delivered = Mutex<HTTPResponse?>(nil)
        #expect(finished.deferral?.attach { response in delivered.withLock { $0 = response } } == nil)
        work.complete(HTTPResponse(status: .ok))
        #expect(delivered.withLock { $0?.headers["x-finished"] } == "yes")
    }

    @Test func workCompletedBeforeFinishingIsFinishedToo() {
        let work = DeferredResponse()
        work.complete(HTTPResponse(status: .serviceUnavailable))
        let finished = HTTPResponse.deferred(work).finishingDeferred(Self.marked)
        let ready = finished.deferral?.attach { _ in }
        #expect(ready?.status == .serviceUnavailable && ready?.headers["x-finished"] == "yes")
    }
}
