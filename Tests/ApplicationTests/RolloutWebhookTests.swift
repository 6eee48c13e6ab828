import Foundation
import PackServeTesting
import PackStore
import ReleaseViews
import Testing
import ThreadedListener

/// Issue 36: a halt announced and delivered to the webhook (docs/rollouts.md "Webhook"), in-process, with a
/// listener that plays the receiver: the event's JSON, its header lines, a retry after a refusal, and no
/// second delivery once one was taken.
@Suite struct RolloutWebhookDelivery {
    @Test func aHaltIsAnnouncedOnceAndDeliveredWithItsHeaders() async throws {
        let receiver = try RecordingReceiver(statuses: [503])
        let headers = FileManager.default.temporaryDirectory.appendingPathComponent("webhook-headers-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: headers) }
        try "# the receiver's secret\nAuthorization: Bearer hook-secret\n".write(toFile: headers, atomically: true, encoding: .utf8)
        let session = try await DeviceReports.rollingOut(overrides: [
            "rollouts": ["webhook": ["url": "http://127.0.0.1:\(receiver.port)/hook", "headersFile": headers]]
                as [String: any Sendable],
        ])
        let dispatcher = try #require(session.server.application.rolloutEvents)
        #expect(dispatcher.pass().isEmpty, "no halt, no event")
        let halted = try await session.request(
            "PUT", "/admin/channels/production/rollout", token: "ci", json: #"{"state":"halted"}"#)
        #expect(halted.status == 200)

        // The first attempt is refused: announced, not delivered, kept for a retry a second later.
        #expect(dispatcher.pass().isEmpty)
        #expect(receiver.requests.count == 1)
        let waiting = try session.server.store.dueRolloutEvents(now: Int64.max)
        #expect(waiting.count == 1 && waiting[0].attempts == 1 && waiting[0].isAnnounced)
        #expect(dispatcher.pass().isEmpty && receiver.requests.count == 1, "not due for a second")
        session.server.clock.advance(by: 1)
        let delivered = dispatcher.pass()
        #expect(delivered == [waiting[0].id])
        #expect(dispatcher.pass().isEmpty && receiver.requests.count == 2, "delivered once")

        let request = try #require(receiver.requests.last)
        #expect(request.hasPrefix("POST /hook HTTP/1.1\r\n"))
        #expect(request.contains("\r\nAuthorization: Bearer hook-secret\r\n") && request.contains("\r\nContent-Type: application/json\r\n"))
        let body = String(request[request.range(of: "\r\n\r\n")!.upperBound...])
        let event = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
        #expect(event["event"] as? String == "rollout.halted" && event["id"] as? String == waiting[0].id)
        #expect(event["channel"] as? String == "production" && event["release"] as? Int == 2)
        #expect(event["previousRelease"] as? Int == 1 && event["reason"] as? String == "manual")
        #expect(event["reports"] as? Int == 0 && event["at"] is String)
        await session.server.stop()
    }
}
