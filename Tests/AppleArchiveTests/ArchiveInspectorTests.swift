import AppleArchive
import AppleArchiveTestSupport
import Testing

/// What ingest learns in its one pass: entries, unpacked bytes, the content digest and Manifest.json.
@Suite struct ArchiveInspectorTests {
    static func inspect(_ bytes: [UInt8], chunk: Int = 1000) throws(AppleArchiveError) -> ArchiveInspection {
        var inspector = ArchiveInspector()
        var start = 0
        while start < bytes.count {
            try inspector.feed(Array(bytes[start..<min(bytes.count, start + chunk)]))
            start += chunk
        }
        return try inspector.finish()
    }

    @Test func samplePack() throws {
        let inspection = try Self.inspect(SamplePack.archive())
        #expect(inspection.format == .appleArchive)
        let contents = try #require(inspection.archive)
        #expect(contents.entries == 6)
        #expect(contents.installedBytes == SamplePack.installedBytes)
        let manifest = try #require(contents.manifest)
        #expect(manifest.assetPackID == "level-1")
        #expect(manifest.downloadPolicy == .prefetch(installationEventTypes: ["firstInstallation"]))
        #expect(manifest.platforms == ["iOS", "macOS"])
        #expect(try manifest.userInfo.map { String(decoding: try $0.canonicalJSON(), as: UTF8.self) }
            == #"{"difficulty":3,"name":"Forest","tags":["a/b",true,null,1.5]}"#)
        #expect(manifest.document["fileSelectors"] != nil)
    }

    /// Two archives of the same files made at different times, entries in another order: one digest.
    @Test func contentDigestIgnoresTimesAndOrder() throws {
        let first = try Self.inspect(SamplePack.archive(modified: 1_767_225_600))
        let rebuilt = try Self.inspect(SamplePack.archive(modified: 1_798_761_600, reversed: true))
        #expect(SamplePack.archive(modified: 1_767_225_600) != SamplePack.archive(modified: 1_798_761_600))
        #expect(first.archive?.contentDigest == rebuilt.archive?.contentDigest)
        #expect(first.archive?.contentDigest.count == 64)
    }

    /// Any change of what the archive holds changes the digest: a byte of a file, a path, a kind, a link.
    @Test func contentDigestFollowsContent() throws {
        let original = try Self.inspect(SamplePack.archive()).archive?.contentDigest
        var changedBytes = SamplePack.fileBytes
        changedBytes[1000] ^= 1
        var variants = [SamplePack.archive(fileBytes: changedBytes)]
        var entries = SamplePack.entries()
        entries[5] = .symbolicLink("Levels/latest", to: "other.bin")
        variants.append(ArchiveWriter.archive(entries))
        entries = SamplePack.entries()
        entries[3] = .file("Levels/map2.bin", SamplePack.fileBytes)
        variants.append(ArchiveWriter.archive(entries))
        entries = SamplePack.entries()
        entries[2] = .file("Levels", [])
        variants.append(ArchiveWriter.archive(entries))
        entries = SamplePack.entries()
        entries.removeLast()
        variants.append(ArchiveWriter.archive(entries))
        var digests: Set<String?> = [original]
        for variant in variants {
            digests.insert(try Self.inspect(variant).archive?.contentDigest)
        }
        #expect(digests.count == variants.count + 1)
    }

    @Test func archiveWithoutManifest() throws {
        let inspection = try Self.inspect(ArchiveWriter.archive([.file("a", [1, 2, 3])]))
        #expect(inspection.archive?.manifest == nil)
        #expect(inspection.archive?.installedBytes == 3)
    }

    @Test func notAnArchiveIsNotInspected() throws {
        let inspection = try Self.inspect(Array("just some bytes of a level".utf8))
        #expect(inspection == ArchiveInspection(format: .notAnArchive, archive: nil))
        #expect(try Self.inspect(Array("pbze".utf8) + Array(repeating: 1, count: 100)).format
            == .compressed(magic: "pbze", algorithm: "LZFSE"))
    }

    @Test(arguments: [
        (ArchiveWriter.archive([.manifest("{}"), .manifest("{}")]), "a second Manifest.json"),
        (ArchiveWriter.archive([.directory("Manifest.json")]), "Manifest.json is not a regular file"),
        (ArchiveWriter.archive([.manifest(String(repeating: " ", count: (1 << 20) + 1))]),
         "Manifest.json is 1048577 bytes, more than the 1048576 a pack manifest may have"),
        (ArchiveWriter.archive([.directory(""), .manifest(#"{"assetPackID":7}"#)]),
         "Manifest.json: assetPackID is a number, not a string"),
    ])
    func refusedManifests(archive: [UInt8], problem: String) throws {
        #expect(throws: AppleArchiveError.self) { try Self.inspect(archive) }
        do {
            _ = try Self.inspect(archive)
        } catch {
            #expect(error.problem == problem)
        }
    }
}
