import AppleArchive
import AppleArchiveTestSupport
import Foundation
import PackStore
import Testing

/// Ingest reads an Apple Archive while it hashes it: its Manifest.json gives the id, policy, platforms and
/// userInfo; what contradicts it is refused with nothing kept; its Apple version follows its content.
@Suite struct ArchiveIngestTests {
    static let userInfo = #"{"difficulty":3,"name":"Forest","tags":["a/b",true,null,1.5]}"#

    @Test func addWithoutAnIDTakesTheArchives() throws {
        let fixture = try TemporaryStore()
        let version = try fixture.store.add(file: fixture.makeFile("level-1.aar", SamplePack.archive()), id: nil)
        #expect(version.id == "level-1")
        #expect(version.format == .appleArchive)
        let entry = try fixture.store.draftEntry(id: "level-1")
        #expect(entry.policy == .prefetch)
        #expect(entry.installationEvents == [.firstInstallation])
        #expect(entry.platforms == [.iOS, .macOS])
        #expect(entry.archive == PackArchive(
            assetPackID: "level-1", entries: 6, installedBytes: Int64(SamplePack.installedBytes)))
        #expect(entry.userInfo == Self.userInfo)
        #expect(fixture.store.installSize(of: entry) == Int64(SamplePack.installedBytes))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(entry), as: UTF8.self)
        #expect(json.contains(#""archive":{"assetPackID":"level-1","entries":6,"installedBytes":3250}"#))
        #expect(!json.contains("userInfo"))
    }

    /// Given values that agree with the archive are fine; the upload path reads archives the same way.
    @Test func agreeingValuesAndUploads() throws {
        let fixture = try TemporaryStore()
        try fixture.store.add(
            file: fixture.makeFile("a.aar", SamplePack.archive()), id: "level-1", policy: .prefetch,
            platforms: [.macOS, .iOS])
        var source = StreamIngestTests.pieces(SamplePack.archive(modified: 5))
        let uploaded = try fixture.store.add(receiving: &source, id: "level-1")
        #expect(uploaded.archive?.entries == 6)
        #expect(try fixture.store.listDraft().map(\.version) == [2])
    }

    static let contradictions: [(id: String?, policy: PackPolicy?, platforms: [ApplePlatform]?, error: PackStoreError)] = [
        ("level-2", nil, nil, .archiveContradiction(path: "", key: "assetPackID", archive: #""level-1""#, given: #""level-2""#)),
        (nil, .essential, nil, .archiveContradiction(path: "", key: "downloadPolicy", archive: "prefetch", given: "essential")),
        (nil, nil, [.tvOS], .archiveContradiction(path: "", key: "platforms", archive: "[ios,macos]", given: "[tvos]")),
        (nil, nil, [], .archiveContradiction(path: "", key: "platforms", archive: "[ios,macos]", given: "all")),
    ]

    @Test(arguments: contradictions.indices)
    func contradictionsAreRefusedAndNothingIsKept(index: Int) throws {
        let fixture = try TemporaryStore()
        let row = Self.contradictions[index]
        let file = try fixture.makeFile("level-1.aar", SamplePack.archive())
        guard case .archiveContradiction(_, let key, let archive, let given) = row.error else { return }
        let expected = PackStoreError.archiveContradiction(path: file.path, key: key, archive: archive, given: given)
        #expect(throws: expected) {
            try fixture.store.add(file: file, id: row.id, policy: row.policy, platforms: row.platforms)
        }
        #expect(expected.description.contains(archive) && expected.description.contains(given))
        #expect(try fixture.store.listDraft().isEmpty)
        #expect(try fixture.blobFiles().isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.dataDirectory.path + "/tmp").isEmpty)
    }

    @Test func refusals() throws {
        let fixture = try TemporaryStore()
        let plain = try fixture.makeFile("plain.bin", text: "not an archive")
        #expect(throws: PackStoreError.missingPackID(path: plain.path)) { try fixture.store.add(file: plain, id: nil) }
        let noManifest = try fixture.makeFile("bare.aar", ArchiveWriter.archive([.file("a", [1])]))
        #expect(throws: PackStoreError.missingPackID(path: noManifest.path)) { try fixture.store.add(file: noManifest, id: nil) }
        let cut = try fixture.makeFile("cut.aar", Array(SamplePack.archive().dropLast(10)))
        #expect(throws: PackStoreError.invalidArchive(
            path: cut.path,
            reason: "not a valid Apple Archive: the archive ends inside the header of entry 6 (49 of 59 bytes) (at byte 3575)")) {
            try fixture.store.add(file: cut, id: "x")
        }
        let compressed = try fixture.makeFile("z.aar", Array("pbze".utf8) + Array(repeating: 9, count: 100))
        #expect(throws: PackStoreError.unreadableArchive(
            path: compressed.path, container: "a compressed Apple Archive (pbze, LZFSE)")) {
            try fixture.store.add(file: compressed, id: "z")
        }
        #expect(try fixture.store.listDraft().isEmpty)
        #expect(try fixture.blobFiles().isEmpty)
        // With its attributes given, a container PackServe cannot read is kept as bytes.
        let kept = try fixture.store.add(file: compressed, id: "z", policy: .onDemand)
        #expect(kept.format == .compressed(magic: "pbze", algorithm: "LZFSE"))
        #expect(try fixture.store.draftEntry(id: "z").archive == nil)
    }

    /// A rebuild of the same files at another time (other mtimes, other entry order) keeps the Apple version;
    /// a content change raises it.
    @Test func appleVersionFollowsContent() throws {
        let fixture = try TemporaryStore()
        let store = fixture.store
        try store.add(file: fixture.makeFile("v1.aar", SamplePack.archive()), id: nil)
        try store.publish()
        let rebuilt = SamplePack.archive(modified: 1_798_761_600, reversed: true)
        let again = try store.add(file: fixture.makeFile("v1b.aar", rebuilt), id: nil)
        #expect(!again.unchanged, "other bytes: a new pack version")
        try store.publish()
        #expect(try store.listRelease(2).map(\.appleVersion) == [1])
        var changed = SamplePack.fileBytes
        changed[0] ^= 0xFF
        try store.add(file: fixture.makeFile("v2.aar", SamplePack.archive(fileBytes: changed)), id: nil)
        try store.publish()
        #expect(try store.listRelease(3).map(\.appleVersion) == [2])
    }

    @Test func userInfoOfPacksThatAreNotArchives() throws {
        let fixture = try TemporaryStore()
        let store = fixture.store
        try store.add(file: fixture.makeFile("plain", text: "bytes"), id: "plain")
        let entry = try store.set(id: "plain", userInfo: Array(#"{ "b": [1, 2], "a": "x/y" }"#.utf8))
        #expect(entry.userInfo == #"{"a":"x/y","b":[1,2]}"#)
        #expect(try store.set(id: "plain", userInfo: Array("null".utf8)).userInfo == nil)
        #expect(throws: PackStoreError.invalidUserInfo("userInfo is not one JSON document: 1:2: the end of the document where a key in double quotes should be")) {
            try store.set(id: "plain", userInfo: Array("{".utf8))
        }

        try store.add(file: fixture.makeFile("level-1.aar", SamplePack.archive()), id: nil)
        #expect(throws: PackStoreError.userInfoFromArchive(id: "level-1")) {
            try store.set(id: "level-1", userInfo: Array("{}".utf8))
        }
        #expect(throws: PackStoreError.attributeFromArchive(id: "level-1", key: "downloadPolicy", archive: "prefetch")) {
            try store.set(id: "level-1", policy: .essential)
        }
        #expect(throws: PackStoreError.attributeFromArchive(id: "level-1", key: "platforms", archive: "[ios,macos]")) {
            try store.set(id: "level-1", platforms: [])
        }
        #expect(throws: PackStoreError.attributeFromArchive(
            id: "level-1", key: "installationEventTypes", archive: "firstInstallation")
        ) {
            try store.set(id: "level-1", installationEvents: InstallationEventType.both)
        }
        // What the archive says, and what it says nothing about, can be set.
        #expect(try store.set(id: "level-1", policy: .prefetch, order: 3).order == 3)
        #expect(try store.set(id: "level-1", installationEvents: [.firstInstallation]).installationEvents == [.firstInstallation])
    }
}

/// Round 3, finding 2: an archive of many tiny entries held memory for each; `limits.maxArchiveEntries`
/// bounds it, refused with one line and nothing kept, on `add` and on uploads alike.
@Suite struct ArchiveEntryLimitIngestTests {
    @Test func moreEntriesThanTheLimitAreRefusedAndNothingIsKept() throws {
        let fixture = try TemporaryStore()
        let entries: [ArchiveWriter.Entry] = [.directory("")] + (0..<20).map { .file("f\($0)", [1]) }
        let file = try fixture.makeFile("many.aar", ArchiveWriter.archive(entries))
        #expect(throws: PackStoreError.tooManyArchiveEntries(path: file.path, maxArchiveEntries: 20)) {
            try fixture.store.add(file: file, id: "many", limits: IngestLimits(maxArchiveEntries: 20))
        }
        var source = StreamIngestTests.pieces(ArchiveWriter.archive(entries))
        #expect(throws: PackStoreError.tooManyArchiveEntries(path: "the upload", maxArchiveEntries: 20)) {
            try fixture.store.add(receiving: &source, id: "many", limits: IngestLimits(maxArchiveEntries: 20))
        }
        #expect(try fixture.store.listDraft().isEmpty)
        #expect(try fixture.store.add(file: file, id: "many", limits: IngestLimits(maxArchiveEntries: 21)).archive?.entries == 21)
    }
}
