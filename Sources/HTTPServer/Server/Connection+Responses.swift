import HTTP1
import Sockets

/// Queuing responses, and accounting for them once they end.
extension Connection {
    func send(_ response: HTTPResponse, to request: RequestInProgress, keepAlive: Bool) {
        let head = request.head
        let sendsBody = head.method != .head && !response.status.forbidsBody
        let headBytes = enqueue(response, keepAlive: keepAlive, version: head.version, sendsBody: sendsBody)
        // Timed from the call into the application, or from now for an answer it did not give.
        let startedAt = request.startedAt == 0 ? System.monotonicNanoseconds() : request.startedAt
        inFlight = InFlightResponse(
            request: request, status: response.status.code, route: response.route, startedAt: startedAt,
            bodyStart: bytesWritten + Int64(headBytes), onComplete: sendsBody ? response.onComplete : nil)
    }

    /// Queues the answer to a request the parser refused, or whose body fell behind (docs/http.md "Framing").
    func refuse(_ problem: HTTPProblem) {
        host.logger.debug("refused request", metadata: ["status": "\(problem.status.code)", "detail": "\(problem.detail ?? "")"])
        host.traffic?.responded(route: .unrouted, status: problem.status.code, bodyBytes: 0, aborted: false)
        enqueue(problem.response, keepAlive: false, version: .http1_1, sendsBody: true)
    }

    /// Queues the response; returns the size of its head.
    @discardableResult
    private func enqueue(_ response: HTTPResponse, keepAlive: Bool, version: HTTPVersion, sendsBody: Bool) -> Int {
        let head = ResponseHeadEncoder.encode(
            status: response.status, headers: response.headers, contentLength: response.body.count, keepAlive: keepAlive,
            requestVersion: version, date: host.currentDate(), serverName: configuration.serverName)
        outbound.append(head: head, body: sendsBody ? response.body : nil)
        return head.count
    }

    /// Logs the response that just ended: complete, or `aborted` when the connection closes under it.
    func finishInFlight(aborted: Bool = false) {
        guard let done = inFlight else { return }
        inFlight = nil
        let bodyBytes = max(0, bytesWritten - done.bodyStart)
        if !aborted { done.onComplete?() }
        host.traffic?.responded(route: done.route, status: done.status, bodyBytes: bodyBytes, aborted: aborted)
        guard host.logsAccess else { return }
        host.recordAccess(AccessLogEntry(
            client: client.logAddress(for: done.request.head), head: done.request.head, status: done.status, bodyBytes: bodyBytes,
            durationMicros: (System.monotonicNanoseconds() - done.startedAt) / 1000,
            requestID: host.nextRequestID(), aborted: aborted))
    }
}
