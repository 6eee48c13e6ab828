import Foundation
import PackStore
import Testing

@testable import PackServer

/// Which surrogate keys a change of the live release makes stale, and how they are cut into header values.
@Suite struct PurgeKeysTests {
    let fixture: ResponderFixture

    init() throws {
        fixture = try ResponderFixture()
    }

    /// Production's views as the fixture serves them now.
    func served() throws -> ServedCatalog { fixture.live.catalog }

    func keys(_ old: ServedCatalog, _ new: ServedCatalog) -> [String] {
        PurgeKeys.between(old, new, channels: false).flatMap(\.keys)
    }

    @Test func aNewReleaseStalesTheDocumentsAndEveryPackWhoseBytesOrAccessChanged() throws {
        let documents = ["packserve-documents", "packserve-documents-production"]
        let first = try served()
        #expect(keys(ServedCatalog(), first) == documents + [
            "pack-Tutorial", "pack.production.Tutorial", "pack-level-1", "pack.production.level-1",
            "packserve-releases",
        ])
        #expect(keys(first, first) == [], "nothing changed: nothing to purge")

        try fixture.store.add(file: fixture.file("level-2", "new level"), id: "level-2")
        try fixture.store.add(file: fixture.file("level-1b", "changed bytes"), id: "level-1")
        try fixture.store.remove(id: "Tutorial")
        try fixture.publishAndServe()
        let second = try served()
        #expect(keys(first, second) == documents + [
            "pack-Tutorial", "pack.production.Tutorial", "pack-level-1", "pack.production.level-1", "pack-level-2",
            "pack.production.level-2", "packserve-releases",
        ])

        // The same bytes turning private: the pack and its blob must leave every shared cache.
        try fixture.store.set(id: "level-2", access: .private)
        try fixture.publishAndServe()
        let third = try served()
        let blob = try #require(third.plain?.snapshot.packs["level-2"]?.sha256)
        #expect(keys(second, third) == documents + [
            "pack-level-2", "pack.production.level-2", "blob-\(blob)", "packserve-releases",
        ])
        // Turning public again needs no blob purge: nothing private was ever cached.
        try fixture.store.set(id: "level-2", access: .public)
        try fixture.publishAndServe()
        #expect(keys(third, try served()) == documents + ["pack-level-2", "pack.production.level-2", "packserve-releases"])
    }

    @Test func batchesStayWithinTheLimitAndNeverSplitAKey() {
        let keys = (0..<3000).map { "pack-com.example.game.level-\($0)" }
        let batches = PurgeKeys.batches(keys)
        #expect(batches.count > 1)
        #expect(batches.allSatisfy { $0.utf8.count <= 4096 })
        #expect(batches.flatMap { $0.split(separator: " ").map(String.init) } == keys)
        // Each batch is full: the next key would not have fitted.
        for (batch, next) in zip(batches, batches.dropFirst()) {
            #expect(batch.utf8.count + 1 + (next.split(separator: " ").first?.utf8.count ?? 0) > 4096)
        }
        #expect(PurgeKeys.batches(["a", "b", "c"], maxBytes: 3) == ["a b", "c"])
        #expect(PurgeKeys.batches([]) == [])
    }
}
