import Foundation
import CDNSimulation
import Testing

/// Issue 10, the download manifest where processes matter: encoded by `publish` in one process and sent
/// as stored by another, and `set`'s platforms and events from the CLI. The document itself, field by
/// field, is ApplicationTests' `DownloadManifest`.
@Suite struct DownloadManifest {
    /// Issue 10, "Done means" 5: the download manifest is encoded once, at publish, with the publisher's
    /// base URL and URL style, and a server with those settings sends the stored bytes as they are; a
    /// server configured with another base URL encodes its own rather than serve the publisher's URLs.
    @Test func encodedAtPublishAndReencodedOnlyForOtherSettings() async throws {
        let store = try StoreWorkspace()
        try await store.run(["add", try store.randomFile("a.aar", count: 2_000), "--id", "a"])
        let port = try await FreePorts.pick(1)[0]
        let settings = ["PACKSERVE_LISTEN_PORT": "\(port)", "PACKSERVE_PUBLICBASEURL": "http://127.0.0.1:\(port)"]
        try await store.run(["publish"], environment: settings)
        let encodingHere = "has no download manifest stored"

        let same = try await store.serve(environment: settings)
        try await same.awaitRelease(1)
        let stored = try DeviceDocument(
            .downloadManifest(platform: nil), body: [UInt8](try await StoreResponse.get(same.url("/download-manifest.json")).body))
        #expect(stored.packs.map(\.url) == [same.url("/blobs/sha256/") + stored.packs[0].sha256])
        #expect(same.logLines(containing: encodingHere).isEmpty, "the stored bytes are sent as they are")
        #expect(try await same.stop() == 0)

        let other = try await store.serveAtItsPublicURL()
        try await other.awaitRelease(1)
        let encoded = try DeviceDocument(
            .downloadManifest(platform: nil), body: [UInt8](try await StoreResponse.get(other.url("/download-manifest.json")).body))
        #expect(other.port != port && encoded.packs.map(\.url) == [other.url("/blobs/sha256/") + encoded.packs[0].sha256])
        #expect(other.logLines(containing: encodingHere).count == 1)
        #expect(try await other.stop() == 0)
    }

    /// `set --platform` and `--installation-events` as `ls --json` shows them, `--platform all` clearing,
    /// and refusals in one line with a non-zero exit (what the variants serve is ApplicationTests'
    /// `DownloadManifest`).
    @Test func setShapesPlatformsAndRefusesInOneLine() async throws {
        let store = try StoreWorkspace()
        for id in ["everywhere", "phone", "desk"] {
            try await store.run(["add", try store.randomFile("\(id).aar", count: 1_000), "--id", id, "--policy", "prefetch"])
        }
        try await store.run(["set", "phone", "--platform", "ios"])
        try await store.run(["set", "desk", "--platform", "macOS", "--platform", "visionos"])
        let listing = try await store.run(["ls", "--json"])
        let draft = try JSONSerialization.jsonObject(with: Data(listing.stdout.utf8)) as? [[String: Any]] ?? []
        #expect(draft.map { $0["platforms"] as? [String] } == [["macos", "visionos"], [], ["ios"]])

        try await store.run(["set", "desk", "--platform", "all"])
        #expect(try await store.run(["ls", "--json"]).stdout.contains("\"id\":\"desk\",\"installationEventTypes\":[\"firstInstallation\",\"subsequentUpdate\"],\"order\":0,\"platforms\":[]"))
        for arguments in [["--platform", "android"], ["--installation-events", "launch"],
                          ["--installation-events", "firstInstallation,"], ["--platform", "all", "--platform", "ios"]] {
            let refused = try await store.attempt(["set", "desk"] + arguments)
            #expect(refused.status != 0 && refused.stderr.split(separator: "\n").count == 1, "\(refused)")
        }
        let events = try await store.run(["set", "desk", "--installation-events", "firstInstallation"])
        #expect(events.stdout.contains("installation events firstInstallation"))
    }
}
