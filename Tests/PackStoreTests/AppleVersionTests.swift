import Foundation
import GRDB
@testable import PackStore
import Testing

/// The Apple version rule: starts at 1, rises by one in every release whose bytes for the id differ from the
/// release before (rollbacks and re-adds included), never falls — also after `gc` pruned the releases that
/// held the id, and for releases made before the index knew Apple versions.
@Suite struct AppleVersionTests {
    func versions(_ store: PackStore, release: Int) throws -> [String: Int] {
        Dictionary(uniqueKeysWithValues: try store.listRelease(release).map { ($0.id, $0.appleVersion) })
    }

    @Test func risesOnlyWhenBytesChangeAndNeverFalls() throws {
        let fixture = try TemporaryStore()
        let store = fixture.store
        try store.add(file: fixture.makeFile("a1", text: "a one"), id: "a", tags: ["t"])
        try store.add(file: fixture.makeFile("b1", text: "b one"), id: "b")
        #expect(try store.listDraft().map(\.appleVersion) == [1, 1], "the draft shows what publish will make")
        try store.publish()
        #expect(try versions(store, release: 1) == ["a": 1, "b": 1])

        // New bytes for a; b gets a new tag and policy but the same bytes; re-adding b's bytes is no change either.
        try store.add(file: fixture.makeFile("a2", text: "a two"), id: "a")
        try store.tag(id: "b", add: ["new"])
        try store.set(id: "b", policy: .prefetch)
        try store.add(file: fixture.makeFile("b1-again", text: "b one"), id: "b")
        #expect(try store.listDraft().map(\.appleVersion) == [2, 1])
        try store.publish()
        #expect(try versions(store, release: 2) == ["a": 2, "b": 1])

        // A rollback brings back older bytes: devices must update, so the version rises.
        try store.rollback(to: 1)
        #expect(try versions(store, release: 3) == ["a": 3, "b": 1])
        // Back to release 2's bytes: up again.
        try store.rollback(to: 2)
        #expect(try versions(store, release: 4) == ["a": 4, "b": 1])

        // Withdrawn, then re-added with bytes it had before: above every version it ever had.
        try store.remove(id: "a")
        try store.publish()
        #expect(try versions(store, release: 5) == ["b": 1])
        try store.add(file: fixture.makeFile("a1-again", text: "a one"), id: "a")
        #expect(try store.listDraft().first { $0.id == "a" }?.appleVersion == 5)
        try store.publish()
        #expect(try versions(store, release: 6) == ["a": 5, "b": 1])

        // gc prunes the releases that held a's higher versions' history; the high-water mark survives.
        try store.remove(id: "a")
        try store.publish()
        _ = try store.gc(keepReleases: 1)
        try store.add(file: fixture.makeFile("a3", text: "a three"), id: "a")
        try store.publish()
        #expect(try versions(store, release: 8) == ["a": 6, "b": 1])
        // The snapshot the server loads carries them too.
        #expect(try store.loadSnapshot()?.packs["a"]?.appleVersion == 6)
    }

    @Test func platformsAndEventsAreKeptPerPackAndRevivedToDefaults() throws {
        let fixture = try TemporaryStore()
        let store = fixture.store
        try store.add(file: fixture.makeFile("a", text: "a"), id: "a", policy: .prefetch)
        let set = try store.set(id: "a", platforms: [.visionOS, .iOS, .iOS], installationEvents: [.subsequentUpdate])
        #expect(set.platforms == [.iOS, .visionOS] && set.installationEvents == [.subsequentUpdate])
        try store.publish()
        let released = try #require(try store.listRelease(1).first)
        #expect(released.platforms == [.iOS, .visionOS] && released.installationEvents == [.subsequentUpdate])
        #expect(try store.loadSnapshot()?.packs["a"]?.platforms == [.iOS, .visionOS])

        // A change of platforms alone is a new release (the manifest differs) but not a new Apple version.
        try store.set(id: "a", platforms: [])
        try store.publish()
        #expect(try store.listRelease(2).first?.platforms == [])
        #expect(try store.listRelease(2).first?.appleVersion == 1)
        #expect(throws: PackStoreError.unknownInstallationEvents("")) { try store.set(id: "a", installationEvents: []) }

        try store.set(id: "a", platforms: [.tvOS])
        try store.remove(id: "a")
        try store.add(file: fixture.makeFile("a", text: "a"), id: "a")
        let revived = try #require(try store.listDraft().first)
        #expect(revived.platforms == [] && revived.installationEvents == InstallationEventType.both)
    }

    @Test(arguments: [
        ("ios", ApplePlatform.iOS), ("iOS", .iOS), ("MACOS", .macOS), ("tvOS", .tvOS), ("visionOS", .visionOS),
    ])
    func platformParsing(text: String, platform: ApplePlatform) throws {
        #expect(try ApplePlatform(parsing: text) == platform)
    }

    @Test func eventListParsing() throws {
        #expect(try InstallationEventType.parseList("subsequentUpdate,firstInstallation") == InstallationEventType.both)
        #expect(try InstallationEventType.parseList("firstInstallation") == [.firstInstallation])
        #expect(throws: PackStoreError.unknownInstallationEvents("first")) { try InstallationEventType.parseList("first") }
        #expect(throws: PackStoreError.unknownPlatform("android")) { try ApplePlatform(parsing: "android") }
    }

    /// An index made before Apple versions existed: the migration numbers its releases by the same rule.
    @Test func migrationNumbersExistingReleases() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("packstore-migration-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let queue = try DatabaseQueue(path: root.appendingPathComponent("index.sqlite").path)
        try IndexSchema.migrator.migrate(queue, upTo: "v4: signing profile")
        try queue.write { db in
            // Release 1: a=x, b=y; release 2: a=z, b=y; release 3 (rollback of 1): a=x, b=y.
            for (number, aSHA) in [(1, "x"), (2, "z"), (3, "x")] {
                try db.execute(
                    sql: "INSERT INTO release (number, createdAt, note, packCount, totalBytes) VALUES (?, '2026-01-01 00:00:00.000', '', 2, 2)",
                    arguments: [number])
                for (id, sha) in [("a", aSHA), ("b", "y")] {
                    try db.execute(
                        sql: """
                            INSERT INTO releasePack (releaseNumber, packId, version, sha256, size, tags, policy, fetchOrder, contentType)
                            VALUES (?, ?, 1, ?, 1, '', 'on-demand', 0, 'application/octet-stream')
                            """,
                        arguments: [number, id, sha])
                }
            }
        }
        try queue.close()
        let store = try PackStore(dataDirectory: root)
        #expect(try versions(store, release: 1) == ["a": 1, "b": 1])
        #expect(try versions(store, release: 2) == ["a": 2, "b": 1])
        #expect(try versions(store, release: 3) == ["a": 3, "b": 1])
        #expect(try store.listRelease(3).allSatisfy { $0.platforms.isEmpty && $0.installationEvents == InstallationEventType.both })
    }
}
