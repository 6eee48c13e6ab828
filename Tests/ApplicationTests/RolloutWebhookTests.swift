import Foundation
import Glibc
import PackServeTesting
import PackStore
import ReleaseViews
import Synchronization
import Testing
import ThreadedListener

/// Issue 36: a halt announced and delivered to the webhook (docs/rollouts.md "Webhook"), in-process, with a
/// listener that plays the receiver: the event's JSON, its header lines, a retry after a refusal, and no
/// second delivery once one was taken.
@Suite struct RolloutWebhookDelivery {
    /// A receiver answering each POST with the next status of `statuses` (204 once they run out), keeping
    /// the requests.
    final class Receiver: Sendable {
        final class Log: Sendable {
            let requests = Mutex<[String]>([])
        }

        let log = Log()
        let listener: ThreadedListener

        var requests: [String] { log.requests.withLock { $0 } }

        init(statuses: [Int]) throws {
            let log = log
            listener = try ThreadedListener { connection, index in
                defer { close(connection) }
                var received: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 8192)
                while true {
                    let count = recv(connection, &buffer, buffer.count, 0)
                    guard count > 0 else { return }
                    received += buffer[0..<count]
                    let text = String(decoding: received, as: UTF8.self)
                    guard let end = text.range(of: "\r\n\r\n") else { continue }
                    let length = text[..<end.lowerBound].split(separator: "\r\n")
                        .first { $0.lowercased().hasPrefix("content-length:") }
                        .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
                    guard received.count >= text[..<end.upperBound].utf8.count + length else { continue }
                    log.requests.withLock { $0.append(text) }
                    let status = index < statuses.count ? statuses[index] : 204
                    let answer = "HTTP/1.1 \(status) X\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                    _ = answer.withCString { send(connection, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
                    return
                }
            }
        }
    }

    @Test func aHaltIsAnnouncedOnceAndDeliveredWithItsHeaders() async throws {
        let receiver = try Receiver(statuses: [503])
        let headers = FileManager.default.temporaryDirectory.appendingPathComponent("webhook-headers-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: headers) }
        try "# the receiver's secret\nAuthorization: Bearer hook-secret\n".write(toFile: headers, atomically: true, encoding: .utf8)
        let session = try await DeviceReports.rollingOut(overrides: [
            "rollouts": ["webhook": ["url": "http://127.0.0.1:\(receiver.listener.port)/hook", "headersFile": headers]]
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
