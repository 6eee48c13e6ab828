import HTTP1
import HTTPServer
import RolloutRules

/// `POST /reports` (docs/rollouts.md "Reports"): public and unauthenticated, so everything about it is
/// bounded. The method, type, size and the client network's hourly cap are decided from the head, before a
/// byte of the body is read; the body (at most 4 KiB) is then read whole without a thread waiting on it,
/// parsed strictly, checked against what the server serves, and counted. 202 means counted.
public struct ReportIntake: Sendable {
    static let path = "/reports"

    let live: LiveRelease
    let cap: ReportNetworkCap
    let counters: ReportCounters
    /// Unix seconds.
    let now: @Sendable () -> Int64
    let bodySeconds: Int

    func respond(to request: HTTPRequest) -> HTTPResponse {
        guard request.method == .post else { return .methodNotAllowed(allow: "POST") }
        guard let type = request.head.headers["content-type"], MediaTypes.isType(type, "application/json") else {
            return .problem(.unsupportedMediaType, detail: "a report is application/json")
        }
        guard let body = request.body, (body.contentLength ?? 0) <= DeviceReport.maxBytes else {
            return request.body == nil
                ? .problem(.badRequest, detail: "a report has a body")
                : .problem(.contentTooLarge, detail: ReportRefusal.tooLarge(limit: DeviceReport.maxBytes).description)
        }
        let hour = now() / 3600
        guard cap.admit(address: request.origin.client()?.ip, hour: hour) else {
            return .problem(.tooManyRequests, detail: "this network's reports for the hour are counted already")
        }
        let pending = DeferredResponse()
        // Parsing at most 4 KiB and adding to counters is bounded and never blocks: done where the body ends
        // (the connection's loop), with no hand-off to a worker and back for each report.
        body.read(upTo: DeviceReport.maxBytes, pace: .within(seconds: bodySeconds), on: .inline) { [self] result in
            switch result {
            case .success(let bytes): pending.complete(count(bytes, hour: hour))
            case .failure: pending.complete(.problem(.badRequest, detail: "the report did not arrive"))
            }
        }
        return .deferred(pending)
    }

    private func count(_ bytes: [UInt8], hour: Int64) -> HTTPResponse {
        do throws(ReportRefusal) {
            let report = try DeviceReport(json: bytes)
            guard live.servesReports(channel: report.channel, release: report.release) else {
                throw .unknownRelease(channel: report.channel, release: report.release)
            }
            counters.add(report, hour: hour)
            return HTTPResponse(status: .accepted, headers: ["Cache-Control": "no-store"])
        } catch {
            return .problem(.badRequest, detail: error.description)
        }
    }
}
