import Foundation
import PackServeTesting
import PackStore
import Testing

/// Round 3, finding 4, the replica's half: whoever can write the bucket can write `release.json` and
/// `current.json`, and a replica turned their digests into cache paths. A document whose values break
/// `StoredValueRules` is now refused like an unreadable one: the replica serves nothing of it.
@Suite struct ReplicaTamperingTests {
    @Test func aTamperedReleaseRecordIsRefusedAndNothingOfItIsServed() async throws {
        let setup = try await ReplicaTests.start()
        defer { Task { await setup.replica.stop() } }
        let now = setup.now
        try setup.writer.publish(release: 1, version: 1, packs: [ReplicaTests.pack("a")], notBefore: now - 60, issuedAt: now - 60)
        setup.replica.poll()
        #expect(try await setup.version() == 1)

        let pack = ReplicaTests.pack("b")
        let pointer = try setup.writer.write(release: 2, version: 2, packs: [pack], notBefore: now - 30, issuedAt: now - 30)
        let key = BucketLayout().releaseRecord(2)
        let record = String(decoding: try #require(try setup.bucket.get(key)), as: UTF8.self)
        let tampered = record.replacingOccurrences(of: pack.sha256, with: "..\\/..\\/.packserve\\/keys\\/manifest-signing.key")
        #expect(tampered != record)
        try setup.bucket.put(key, bytes: Array(tampered.utf8), contentType: "application/json")
        try setup.writer.point(to: pointer)
        setup.replica.poll()
        // Behind a due pointer it cannot follow: documents are 503 (never a lower version than a healthy
        // replica's), and nothing of the tampered release is served.
        #expect(try await setup.replica.client.get("/manifest.json").status == 503)
        #expect(try await setup.replica.client.get("/packs/b").status == 404)
        #expect(try await setup.replica.client.get("/packs/a").status == 200)
        // Refused for what it says, before any copy was tried: the log names the document and the value.
        let messages = setup.replica.log.messages
        #expect(messages.contains { $0.contains("releases/2/release.json cannot be trusted") && $0.contains("is not 64 hex digits") },
            "\(messages)")
    }

    @Test func aTamperedPointerIsRefused() throws {
        let pointer = BucketPointer(
            release: 1, version: 1, etag: "../x", notBefore: 0, issuedAt: 0, expiresAt: 1, keyID: "k", profile: "p")
        #expect(throws: PackStoreError.untrustworthyDocument(name: "current.json", problem: #"etag "../x" is not 64 hex digits"#)) {
            try BucketPointer(json: try pointer.encoded())
        }
    }

    static let etag = String(repeating: "a", count: 64)
    static let rollout = BucketChannelRollout(
        release: 2, previousRelease: 1, percentTenths: 50, offset: 7, state: "running",
        views: [BucketChannelPointer.View(segment: "0.0.0-", release: 2, etag: etag, documents: [], appleVersions: [:])])

    /// `rollout` changed by `change`.
    static func tampered(_ change: (inout BucketChannelRollout) -> Void) -> BucketChannelRollout {
        var rollout = rollout
        change(&rollout)
        return rollout
    }

    /// A channel pointer's rollout is read as untrusted too: numbers out of range, a state no pointer carries,
    /// views that are not the candidate's or name download manifests are refused with what is wrong.
    @Test(arguments: [
        (tampered { $0.percentTenths = 1001 }, "out of range"),
        (tampered { $0.offset = -1 }, "out of range"),
        (tampered { $0.state = "finished" }, "is not running or halted"),
        (tampered { $0.previousRelease = 2 }, "cannot be served"),
        (tampered { $0.views = [] }, "names no view"),
        (tampered { $0.state = "halted" }, "a halted rollout names views"),
        (tampered { $0.views[0].release = 1 }, "answers release 1"),
        (tampered { $0.views[0].documents = ["download-manifest"] }, "names download manifests"),
        (tampered { $0.views[0].segment = "../../x" }, "names no run of builds"),
    ])
    func aTamperedRolloutIsRefused(rollout: BucketChannelRollout, problem: String) throws {
        let view = BucketChannelPointer.View(segment: "0.0.0-", release: 1, etag: Self.etag, documents: [], appleVersions: [:])
        let pointer = { (rollout: BucketChannelRollout) in
            BucketChannelPointer(
                channel: "production", version: 3, notBefore: 0, issuedAt: 0, expiresAt: 1, keyID: "k", profile: "p",
                documentsProfile: "d", requireCredentials: false, views: [view], rollout: rollout)
        }
        #expect(try BucketChannelPointer(json: try pointer(Self.rollout).encoded(), key: "p").rollout == Self.rollout)
        #expect {
            try BucketChannelPointer(json: try pointer(rollout).encoded(), key: "p")
        } throws: { error in
            "\(error)".contains(problem)
        }
    }
}
