import Foundation
import PackServeTesting
import Testing

/// Issue 36: rollouts through the admin API under the `rollout` scope, in-process (docs/rollouts.md), and what
/// the cohort views then serve.
@Suite struct AdminRollouts {
    @Test func aProducerStartsRaisesHaltsAndFinishesWithoutPublishRights() async throws {
        let session = try await AdminCaller.start(tokens: ["ci": "upload,publish,read", "producer": "rollout"])
        let server = session.server
        try await session.publishCandidate()

        let path = "/admin/channels/production/rollout"
        #expect(try await session.request("GET", path, token: "producer").status == 404, "no rollout yet")
        #expect(try await session.request("PUT", path, token: "ci", json: #"{"release":2,"percent":5}"#).status == 403)
        #expect(try await session.request("PUT", path, token: "producer", json: #"{"release":2}"#).status == 400)
        #expect(try await session.request("PUT", path, token: "producer", json: #"{"release":2,"percent":0}"#).status == 400)
        #expect(try await session.request("PUT", path, token: "producer", json: #"{"release":1,"percent":5}"#).status == 409)

        let started = try await session.request("PUT", path, token: "producer", json: #"{"release":2,"percent":12.5}"#)
        #expect(started.status == 201, "\(started.text)")
        let rollout = try #require(started.object)
        #expect(rollout["release"] as? Int == 2 && rollout["previousRelease"] as? Int == 1)
        #expect(rollout["percent"] as? Double == 12.5 && rollout["state"] as? String == "running")
        let first = try #require(rollout["firstCohort"] as? Int)
        let outside = (first + 999) % 1000

        // Publishing to the channel waits for the rollout's end.
        #expect(try await session.request("POST", "/admin/rollback", token: "ci", json: #"{"release":1}"#).status == 409)

        server.refresh()
        #expect(try await Self.release(server, "/cohorts/\(first)") == 2)
        #expect(try await Self.release(server, "/cohorts/\(outside)") == 1)
        #expect(try await Self.release(server, "") == 1, "a client that names no cohort reads the channel's release")
        #expect(try await server.client.get("/cohorts/\(first)/download-manifest.json").status == 404)

        #expect(try await session.request("PUT", path, token: "producer", json: #"{"percent":10}"#).status == 409, "never down")
        let halted = try await session.request("PUT", path, token: "producer", json: #"{"state":"halted"}"#)
        #expect(halted.object?["state"] as? String == "halted")
        server.refresh()
        #expect(try await Self.release(server, "/cohorts/\(first)") == 1)
        #expect(try await session.request("PUT", path, token: "producer", json: #"{"state":"paused"}"#).status == 400)

        let finished = try await session.request("PUT", path, token: "producer", json: #"{"state":"finished"}"#)
        #expect(finished.status == 200 && finished.object?["state"] as? String == "finished", "\(finished.text)")
        server.refresh()
        #expect(try await Self.release(server, "/cohorts/\(outside)") == 2)
        #expect(try await Self.release(server, "") == 2)
        #expect(try await session.request("GET", path, token: "producer").object?["state"] as? String == "finished")
        await server.stop()
    }

    static func release(_ server: InProcessPackServe, _ prefix: String) async throws -> Int? {
        let response = try await server.client.get("\(prefix)/manifest.json")
        return (try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])?["release"] as? Int
    }
}
