import Foundation
import PackStore
import Testing

@Suite struct DraftAndReleaseTests {
    @Test func addListPublishListRelease() throws {
        let fixture = try TemporaryStore()
        let bytes: [UInt8] = Array("level five".utf8)
        let file = try fixture.makeFile("level-5.zip", bytes)

        let added = try fixture.store.add(
            file: file, id: "level-5", tags: ["forest", "level-5"], policy: .prefetch, order: 2)
        #expect(added.id == "level-5")
        #expect(added.version == 1)
        #expect(added.size == Int64(bytes.count))
        #expect(added.sha256 == TemporaryStore.sha256Hex(bytes))
        #expect(added.originalFilename == "level-5.zip")
        #expect(!added.reusedExistingBlob)
        #expect(try Data(contentsOf: fixture.blobURL(added.sha256)) == Data(bytes))

        let expected = PackEntry(
            id: "level-5", version: 1, size: Int64(bytes.count), sha256: added.sha256, tags: ["forest", "level-5"],
            policy: .prefetch, order: 2, contentType: "application/zip")
        #expect(try fixture.store.listDraft() == [expected])
        #expect(try fixture.store.latestReleaseNumber() == nil)

        let release = try fixture.store.publish(note: "first")
        #expect(release.number == 1)
        #expect(release.note == "first")
        #expect(release.packCount == 1)
        #expect(release.totalBytes == Int64(bytes.count))
        #expect(try fixture.store.listRelease(1) == [expected])
        #expect(try fixture.store.latestReleaseNumber() == 1)
        #expect(try fixture.store.releases().map(\.number) == [1])
    }

    @Test func newVersionReachesReleasesOnlyOnNextPublish() throws {
        let fixture = try TemporaryStore()
        let v1 = try fixture.store.add(file: fixture.makeFile("a", text: "one"), id: "pack")
        try fixture.store.publish()
        let v2 = try fixture.store.add(file: fixture.makeFile("b", text: "two!"), id: "pack")
        #expect(v2.version == 2)

        #expect(try fixture.store.listDraft().map(\.sha256) == [v2.sha256])
        #expect(try fixture.store.listRelease(1).map(\.sha256) == [v1.sha256])
        #expect(try fixture.store.loadSnapshot()?.packs["pack"]?.version == 1)

        try fixture.store.publish()
        #expect(try fixture.store.listRelease(1).map(\.version) == [1])
        #expect(try fixture.store.listRelease(2).map(\.version) == [2])
        #expect(try fixture.store.loadSnapshot()?.packs["pack"]?.sha256 == v2.sha256)
        // The old blob stays addressable: releases are immutable.
        #expect(FileManager.default.fileExists(atPath: fixture.blobURL(v1.sha256).path))
    }

    @Test func rollbackPublishesANewReleaseWithTheOldContent() throws {
        let fixture = try TemporaryStore()
        try fixture.store.add(file: fixture.makeFile("a", text: "one"), id: "a", tags: ["t"])
        try fixture.store.add(file: fixture.makeFile("b", text: "bee"), id: "b", policy: .essential)
        try fixture.store.publish()
        try fixture.store.add(file: fixture.makeFile("a2", text: "one v2"), id: "a")
        try fixture.store.remove(id: "b")
        try fixture.store.set(id: "a", policy: .prefetch, order: 7)
        try fixture.store.publish()
        #expect(try fixture.store.listRelease(2) != fixture.store.listRelease(1))

        let rollback = try fixture.store.rollback(to: 1)
        #expect(rollback.number == 3)
        #expect(rollback.rollbackOf == 1)
        #expect(rollback.note == "rollback to release 1")
        // The same content; only the Apple versions rise (devices must take the old bytes back): a's bytes
        // differ from release 2's, and b comes back after release 2 withdrew it.
        let content = { (entries: [PackEntry]) in entries.map { entry in var entry = entry; entry.appleVersion = 0; return entry } }
        #expect(content(try fixture.store.listRelease(3)) == content(try fixture.store.listRelease(1)))
        #expect(try fixture.store.listRelease(3).map(\.appleVersion) == [3, 2])
        #expect(try fixture.store.latestReleaseNumber() == 3)
        // The draft is untouched by a rollback.
        #expect(try fixture.store.listDraft().map(\.id) == ["a"])
        // Rolling back to what is already live is refused, and the message names the releases compared: the
        // latest one and the target (issue 8: it used to blame "the draft", which plays no part).
        #expect(throws: PackStoreError.rollbackChangesNothing(release: 1, latestRelease: 3)) {
            try fixture.store.rollback(to: 1)
        }
        #expect(PackStoreError.rollbackChangesNothing(release: 1, latestRelease: 3).description
            == "nothing to roll back: the latest release, 3, already has the content of release 1")
        #expect(throws: PackStoreError.rollbackChangesNothing(release: 3, latestRelease: 3)) {
            try fixture.store.rollback(to: 3)
        }
        // The draft differs from release 3 (it lacks b), yet publishing it is still possible: only the
        // rollback was refused.
        #expect(try fixture.store.publish().number == 4)
    }

    @Test func identicalBytesAreStoredOnce() throws {
        let fixture = try TemporaryStore()
        let bytes = Array(repeating: UInt8(7), count: 10_000)
        let first = try fixture.store.add(file: fixture.makeFile("x", bytes), id: "x")
        let second = try fixture.store.add(file: fixture.makeFile("y", bytes), id: "y")
        let third = try fixture.store.add(file: fixture.makeFile("x-again", bytes), id: "x")
        #expect(first.sha256 == second.sha256 && second.sha256 == third.sha256)
        #expect(!first.reusedExistingBlob)
        #expect(second.reusedExistingBlob && third.reusedExistingBlob)
        // x's draft already has these bytes: no new version (issue 20: a release number means new content).
        #expect(third.version == 1 && third.unchanged && !second.unchanged)
        #expect(try fixture.store.versions(id: "x").count == 1)
        #expect(try fixture.blobFiles() == ["\(first.sha256.prefix(2))/\(first.sha256)"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.dataDirectory.path + "/tmp").isEmpty)
    }

    @Test func tagsAndFilters() throws {
        let fixture = try TemporaryStore()
        try fixture.store.add(file: fixture.makeFile("a", text: "a"), id: "a", tags: ["forest"])
        try fixture.store.add(file: fixture.makeFile("b", text: "b"), id: "b", tags: ["forest", "desert"])
        #expect(try fixture.store.tag(id: "a", add: ["snow", "forest"], remove: ["absent"]) == ["forest", "snow"])
        #expect(try fixture.store.tag(id: "b", remove: ["forest"]) == ["desert"])
        #expect(try fixture.store.listDraft(tag: "forest").map(\.id) == ["a"])
        #expect(try fixture.store.listDraft(tag: "nope").isEmpty)
        try fixture.store.publish()
        #expect(try fixture.store.listRelease(1, tag: "desert").map(\.id) == ["b"])
        #expect(try fixture.store.listRelease(1, tag: "snow").map(\.tags) == [["forest", "snow"]])
    }

    @Test func publishRefusesAnEmptyOrUnchangedDraft() throws {
        let fixture = try TemporaryStore()
        #expect(throws: PackStoreError.nothingToPublish(latestRelease: nil)) { try fixture.store.publish() }
        try fixture.store.add(file: fixture.makeFile("a", text: "a"), id: "a")
        try fixture.store.publish()
        #expect(throws: PackStoreError.nothingToPublish(latestRelease: 1)) { try fixture.store.publish() }
        // A metadata-only change is a change.
        try fixture.store.tag(id: "a", add: ["new"])
        #expect(try fixture.store.publish().number == 2)
        // Withdrawing every pack is a legitimate release.
        try fixture.store.remove(id: "a")
        let empty = try fixture.store.publish()
        #expect(empty.packCount == 0)
        #expect(try fixture.store.listRelease(3).isEmpty)
    }

    @Test func removedPackRevivesWithTheNextVersionAndDefaults() throws {
        let fixture = try TemporaryStore()
        try fixture.store.add(file: fixture.makeFile("a", text: "a"), id: "a", tags: ["t"], policy: .essential)
        try fixture.store.remove(id: "a")
        #expect(try fixture.store.listDraft().isEmpty)
        let revived = try fixture.store.add(file: fixture.makeFile("a.bin", text: "a2"), id: "a")
        #expect(revived.version == 2)
        let entry = try #require(try fixture.store.listDraft().first)
        #expect(entry.policy == .onDemand && entry.tags.isEmpty && entry.order == 0)
        #expect(entry.contentType == "application/octet-stream")
        #expect(try fixture.store.versions(id: "a").map(\.version) == [1, 2])
    }

    @Test func setKeepsUnspecifiedAttributes() throws {
        let fixture = try TemporaryStore()
        try fixture.store.add(file: fixture.makeFile("a", text: "a"), id: "a", policy: .prefetch, order: 3,
                              contentType: "application/x-custom")
        let changed = try fixture.store.set(id: "a", order: 9)
        #expect(changed.policy == .prefetch && changed.order == 9 && changed.contentType == "application/x-custom")
        try fixture.store.add(file: fixture.makeFile("a.zip", text: "a2"), id: "a")
        let entry = try #require(try fixture.store.listDraft().first)
        #expect(entry.contentType == "application/x-custom" && entry.order == 9 && entry.policy == .prefetch)
    }

    @Test func twoStoresOnOneDirectorySeeEachOthersPublishes() throws {
        let fixture = try TemporaryStore()
        let other = try fixture.openAgain()
        try other.add(file: fixture.makeFile("a", text: "a"), id: "a")
        #expect(try fixture.store.listDraft().map(\.id) == ["a"])
        #expect(try fixture.store.latestReleaseNumber() == nil)
        try other.publish(note: "from the CLI")
        #expect(try fixture.store.latestReleaseNumber() == 1)
        #expect(try fixture.store.loadSnapshot()?.note == "from the CLI")
        try fixture.store.add(file: fixture.makeFile("b", text: "b"), id: "b")
        try fixture.store.publish()
        #expect(try other.latestReleaseNumber() == 2)
        #expect(try other.listRelease(2).map(\.id) == ["a", "b"])
    }

    @Test func directoryIsZippedIntoAValidArchive() throws {
        let fixture = try TemporaryStore()
        let directory = fixture.root.appendingPathComponent("level-assets", isDirectory: true)
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("textures"), withIntermediateDirectories: true)
        try Data("map data".utf8).write(to: directory.appendingPathComponent("map.json"))
        try Data(repeating: 42, count: 100_000).write(to: directory.appendingPathComponent("textures/rock.bin"))

        let added = try fixture.store.add(file: directory, id: "level-assets")
        #expect(added.originalFilename == "level-assets")
        #expect(try fixture.store.listDraft().first?.contentType == "application/zip")

        let unzip = Process()
        unzip.executableURL = URL(fileURLWithPath: "/usr/bin/unzip")
        unzip.arguments = ["-Z1", fixture.blobURL(added.sha256).path]
        let listing = Pipe()
        unzip.standardOutput = listing
        try unzip.run()
        let names = String(decoding: listing.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        unzip.waitUntilExit()
        #expect(unzip.terminationStatus == 0)
        #expect(Set(names.split(separator: "\n").map(String.init)).isSuperset(of: ["map.json", "textures/rock.bin"]))

        let test = Process()
        test.executableURL = URL(fileURLWithPath: "/usr/bin/unzip")
        test.arguments = ["-tq", fixture.blobURL(added.sha256).path]
        test.standardOutput = FileHandle.nullDevice
        try test.run()
        test.waitUntilExit()
        #expect(test.terminationStatus == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.dataDirectory.path + "/tmp").isEmpty)
    }
}
