import Foundation
import Testing

/// Issue 20, item 6: a release number means new content, so pushing the draft's current bytes again
/// (a build that pushes on every run) makes no pack version and no release.
@Suite struct PushIdenticalBytes {
    @Test func pushPublishTwiceMakesOneReleaseAndAttributesStillApply() async throws {
        let session = try await AdminSession.start(tokens: ["ci": "upload,publish,read"])
        let file = try session.store.randomFile("level-1.bin", count: 50_000)
        let tokenFile = session.store.directory.file("ci.token")
        try Data((session.tokens["ci"]! + "\n").utf8).write(to: URL(fileURLWithPath: tokenFile))
        let push = ["push", file, "--id", "level-1", "--server", session.server.url(""), "--token-file", tokenFile]

        let first = try await session.store.run(push + ["--publish"])
        #expect(first.lines.last == "release 1 published (manifest version 1)", "\(first)")
        let second = try await session.store.attempt(push + ["--publish"])
        #expect(second.status == 0, "\(second)")
        #expect(second.lines == [
            "level-1 unchanged: version 1 already has these bytes",
            "nothing to publish: the draft is identical to release 1",
        ], "\(second)")
        let releases = try await session.store.run(["releases", "--json"]).stdout
        #expect((try JSONSerialization.jsonObject(with: Data(releases.utf8)) as? [Any])?.count == 1, "\(releases)")

        // The API's answer: 200 (not 201) with the existing version; a tag given with the bytes still applies.
        let again = try await session.upload(file, id: "level-1", query: "tag=forest&policy=prefetch")
        #expect(again.status == 200, "\(again.status) \(again.text)")
        let pack = AdminSession.json(again) as? [String: Any]
        #expect(pack?["version"] as? Int == 1 && pack?["tags"] as? [String] == ["forest"], "\(again.text)")
        #expect(pack?["policy"] as? String == "prefetch", "\(again.text)")

        // `add` says so too; different bytes make version 2.
        let added = try await session.store.run(["add", file, "--id", "level-1"])
        #expect(added.lines.last == "level-1 unchanged: version 1 already has these bytes", "\(added)")
        let changed = try await session.store.run(["add", try session.store.randomFile("level-1b.bin", count: 10), "--id", "level-1"])
        #expect(changed.lines.last?.hasPrefix("added level-1 version 2: ") == true, "\(changed)")
    }
}
