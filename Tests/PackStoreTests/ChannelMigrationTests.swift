import Foundation
import GRDB
@testable import PackStore
import ReleaseViews
import Testing

/// An index written before channels (schema v10) opens as production with what it served: its manifests, its
/// versions, its stored documents; the next publish keeps the versions of what did not change.
@Suite struct ChannelMigrationTests {
    @Test func anIndexFromBeforeChannelsIsProductions() throws {
        let fixture = try TemporaryStore()
        let root = fixture.root.appendingPathComponent("old")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let queue = try DatabaseQueue(path: root.appendingPathComponent("index.sqlite").path)
        try IndexSchema.migrator.migrate(queue, upTo: "v10: signing lease, go-live instants")
        try queue.write { db in
            // Release 1: a=x (Apple 1); release 2: a=x (1), b=y (1). Manifest versions 1 and 2.
            for (number, packs) in [(1, [("a", "x")]), (2, [("a", "x"), ("b", "y")])] {
                try db.execute(
                    sql: "INSERT INTO release (number, createdAt, note, packCount, totalBytes) VALUES (?, '2026-01-01 00:00:00.000', '', ?, ?)",
                    arguments: [number, packs.count, packs.count])
                for (id, key) in packs {
                    try db.execute(
                        sql: """
                            INSERT INTO releasePack (releaseNumber, packId, version, sha256, size, tags, policy, fetchOrder,
                                                     contentType, appleVersion, contentKey)
                            VALUES (?, ?, 1, ?, 1, '', 'on-demand', 0, 'application/octet-stream', 1, ?)
                            """,
                        arguments: [number, id, String(repeating: key, count: 64), key])
                }
                try db.execute(
                    sql: """
                        INSERT INTO signedManifest (version, releaseNumber, issuedAt, expiresAt, keyId, payload,
                                                    payloadSignature, compactJWS, profile)
                        VALUES (?, ?, 100, 200, 'k', ?, X'0102', ?, 'p')
                        """,
                    arguments: [number, number, Data("payload \(number)".utf8), "aGVhZA.cGF5bG9hZA.c2lnbmVk\(number)"])
            }
            try db.execute(sql: "INSERT INTO appleVersion (packId, latest) VALUES ('a', 1), ('b', 1)")
            try db.execute(
                sql: "INSERT INTO releaseDocument (releaseNumber, name, profile, body) VALUES (2, 'download-manifest', 'p', ?)",
                arguments: [Data("document of 2".utf8)])
        }
        try queue.close()

        let store = try PackStore(dataDirectory: root)
        #expect(try store.channels().map { "\($0.name)@\($0.release ?? 0) v\($0.version)" } == ["production@2 v2"])
        #expect(try store.channelHistory(.production).map(\.release) == [1, 2])
        let manifest = try #require(try store.latestManifest())
        #expect(manifest.version == 2 && manifest.release == 2 && manifest.detachedJWS == "aGVhZA..c2lnbmVk2" && manifest.channel == "production")
        #expect(try store.plainViewDocuments(release: 2, profile: "p") == ["download-manifest": Array("document of 2".utf8)])
        #expect(try store.viewEntries(channel: .production, segment: ViewSegment(lower: .zero, upper: nil, release: 2))
            .map(\.appleVersion) == [1, 1])
        var versions: [Int] = []
        try store.forEachManifest { versions.append($0.version) }
        #expect(versions == [1, 2])
    }
}
