import Foundation
import CDNSimulation
import Testing

/// Issue 3, "Done means" 4, through the CLI: `fsck` finds a corrupt blob, a missing blob, an orphan and
/// a temp file; `--repair` deletes only the last two.
@Suite struct StoreFsck {
    @Test func fsckReportsDamageAndRepairRemovesOnlyGarbage() async throws {
        let store = try StoreWorkspace()
        var digests: [String: String] = [:]
        for id in ["intact", "corrupt", "missing"] {
            let file = try store.randomFile("\(id).bin", count: 50_000)
            try await store.run(["add", file, "--id", id])
            digests[id] = try await ExternalTool.sha256(of: file)
        }
        try await store.run(["publish"])
        let clean = try await store.run(["fsck"])
        #expect(clean.lines.last == "3 blobs and 1 manifest checked: 0 missing, 0 corrupt, 0 index problems, 0 damaged manifests; 0 orphaned blobs, 0 temp files: consistent", "\(clean)")
        #expect(clean.stderr.isEmpty, "\(clean)")

        // Same size, one byte different: only the hash can tell.
        let corruptPath = store.blobPath(digests["corrupt"]!)
        let handle = try #require(FileHandle(forUpdatingAtPath: corruptPath))
        try handle.seek(toOffset: 1_000)
        let original = try #require(try handle.read(upToCount: 1))
        try handle.seek(toOffset: 1_000)
        try handle.write(contentsOf: Data([original[0] ^ 0xFF]))
        try handle.close()
        try FileManager.default.removeItem(atPath: store.blobPath(digests["missing"]!))
        let orphanDigest = String(repeating: "ab", count: 32)
        let orphanPath = store.blobPath(orphanDigest)
        try FileManager.default.createDirectory(
            atPath: (orphanPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data("nobody references me".utf8).write(to: URL(fileURLWithPath: orphanPath))
        let tempPath = "\(store.tempDirectory)/interrupted.partial"
        try Data(repeating: 7, count: 4096).write(to: URL(fileURLWithPath: tempPath))

        let damaged = try await store.attempt(["fsck"])
        #expect(damaged.status == 1, "\(damaged)")
        #expect(damaged.lines.contains { $0.hasPrefix("corrupt blob \(digests["corrupt"]!): content hashes to") }, "\(damaged)")
        #expect(damaged.lines.contains { $0.hasPrefix("missing blob \(digests["missing"]!)") }, "\(damaged)")
        #expect(damaged.lines.contains("orphan blob \(orphanPath)"), "\(damaged)")
        #expect(damaged.lines.contains("temp file \(tempPath)"), "\(damaged)")
        #expect(damaged.lines.last == "3 blobs and 1 manifest checked: 1 missing, 1 corrupt, 0 index problems, 0 damaged manifests; 1 orphaned blob, 1 temp file: INCONSISTENT", "\(damaged)")

        let repaired = try await store.attempt(["fsck", "--repair"])
        #expect(repaired.status == 1, "corrupt and missing blobs stay inconsistent: \(repaired)")
        #expect(repaired.lines.contains("removed orphan blob \(orphanPath)"), "\(repaired)")
        #expect(repaired.lines.contains("removed temp file \(tempPath)"), "\(repaired)")
        #expect(repaired.lines.last == "3 blobs and 1 manifest checked: 1 missing, 1 corrupt, 0 index problems, 0 damaged manifests; 0 orphaned blobs, 0 temp files, 2 files removed: INCONSISTENT", "\(repaired)")
        #expect(!FileManager.default.fileExists(atPath: orphanPath))
        #expect(!FileManager.default.fileExists(atPath: tempPath))
        // The damaged blob is evidence, not garbage: repair leaves it for the operator to re-add.
        #expect(FileManager.default.fileExists(atPath: corruptPath))
        #expect(try await ExternalTool.sha256(of: store.blobPath(digests["intact"]!)) == digests["intact"])

        let after = try await store.attempt(["fsck"])
        #expect(after.status == 1)
        #expect(after.lines.filter { $0.hasPrefix("corrupt blob") || $0.hasPrefix("missing blob") }.count == 2, "\(after)")
        #expect(!after.lines.dropLast().contains { $0.contains("orphan blob") || $0.contains("temp file") }, "\(after)")
        #expect(after.lines.last?.contains("; 0 orphaned blobs, 0 temp files: INCONSISTENT") == true, "\(after)")
    }

    /// Issue 8: damage inside the index used to pass as "consistent". A release row recording the wrong
    /// size (the blob itself is intact) and stored manifests whose signatures no longer verify are each
    /// reported on one line, and fsck fails.
    @Test func fsckReportsIndexRowsAndManifestsThatNoLongerHold() async throws {
        let store = try StoreWorkspace()
        let file = try store.randomFile("a.bin", count: 40_000)
        let digest = try await ExternalTool.sha256(of: file)
        try await store.run(["add", file, "--id", "a"])
        try await store.run(["publish"])
        try await store.run(["add", try store.randomFile("b.bin", count: 30_000), "--id", "b"])
        try await store.run(["publish"])
        #expect(try await store.run(["fsck"]).lines.last?.hasSuffix(": consistent") == true)

        try await Self.editIndex(
            store,
            """
            c.execute("UPDATE releasePack SET size = size + 1 WHERE releaseNumber = 1 AND packId = 'a'")
            payload = bytearray(c.execute("SELECT payload FROM channelManifest WHERE channel = 'production' AND version = 1").fetchone()[0])
            payload[20] ^= 0x01
            c.execute("UPDATE channelManifest SET payload = ? WHERE channel = 'production' AND version = 1", (bytes(payload),))
            jws = c.execute("SELECT detachedJWS FROM channelManifest WHERE channel = 'production' AND version = 2").fetchone()[0]
            c.execute("UPDATE channelManifest SET detachedJWS = ? WHERE channel = 'production' AND version = 2", (jws[:-2] + ('A' if jws[-2] != 'A' else 'B') + jws[-1],))
            """)
        let damaged = try await store.attempt(["fsck"])
        #expect(damaged.status == 1, "\(damaged)")
        #expect(damaged.lines.contains("index: release 1 records blob \(digest) as 40001 bytes; the blob is 40000 bytes and matches its digest"), "\(damaged)")
        #expect(damaged.lines.contains { $0.hasPrefix("damaged manifest version 1 (release 1): the payload's signature does not verify with key ") }, "\(damaged)")
        #expect(damaged.lines.contains("damaged manifest version 2 (release 2): the JWS: the manifest signature does not verify with the pinned key"), "\(damaged)")
        #expect(!damaged.lines.contains { $0.hasPrefix("corrupt blob") }, "the blob is intact: \(damaged)")
        // Release 1 is no view's any more (production reads release 2): no document of it is stored to compare.
        #expect(damaged.lines.last == "2 blobs and 2 manifests checked: 0 missing, 0 corrupt, 1 index problem, 2 damaged manifests; 0 orphaned blobs, 0 temp files: INCONSISTENT", "\(damaged)")
    }

    /// The download manifest is stored with its view and sent as it is: fsck compares it with a fresh
    /// encoding of the view's packs, so one changed byte is found; a configuration with another base
    /// URL (whose server encodes its own) does not compare it.
    @Test func fsckFindsAStoredDownloadManifestThatNoLongerMatches() async throws {
        let store = try StoreWorkspace()
        try await store.run(["add", try store.randomFile("a.bin", count: 10_000), "--id", "a"])
        try await store.run(["publish"])
        #expect(try await store.run(["fsck"]).lines.last?.hasSuffix(": consistent") == true)
        try await Self.editIndex(
            store,
            """
            digest = c.execute("SELECT digest FROM viewDocument WHERE channel = 'production' AND name = 'download-manifest'").fetchone()[0]
            body = bytearray(c.execute("SELECT body FROM documentBody WHERE digest = ?", (digest,)).fetchone()[0])
            body[body.index(b'10000')] = ord('2')
            c.execute("UPDATE documentBody SET body = ? WHERE digest = ?", (bytes(body), digest))
            """)
        let damaged = try await store.attempt(["fsck"])
        #expect(damaged.status == 1, "\(damaged)")
        #expect(damaged.lines == [
            "damaged document download-manifest of release 1 (channel production, builds 0.0.0-): the stored bytes differ from its packs' encoding",
            "1 blob and 1 manifest checked: 0 missing, 0 corrupt, 0 index problems, 0 damaged manifests, 1 damaged document; 0 orphaned blobs, 0 temp files: INCONSISTENT",
        ], "\(damaged)")
        let otherSettings = try await store.attempt(["fsck"], environment: ["PACKSERVE_PUBLICBASEURL": "http://127.0.0.1:1"])
        #expect(otherSettings.status == 0 && otherSettings.lines.last?.hasSuffix(": consistent") == true, "\(otherSettings)")
    }

    /// Orphans and temp files are harmless leftovers of interrupted work, and a manifest signed with a key
    /// that is no longer configured cannot be checked but is not damage: the summary counts them, a
    /// warning line says what to do, and fsck exits 0.
    @Test func leftoversAndUnverifiableManifestsWarnButPass() async throws {
        let store = try StoreWorkspace()
        try await store.run(["add", try store.randomFile("a.bin", count: 10_000), "--id", "a"])
        try await store.run(["publish"])
        let orphanPath = store.blobPath(String(repeating: "ef", count: 32))
        try FileManager.default.createDirectory(
            atPath: (orphanPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data("left behind".utf8).write(to: URL(fileURLWithPath: orphanPath))
        // The key rotated away: fsck has no key to check manifest version 1 with (and never makes one).
        let key = "\(store.dataDirectory)/keys/manifest-signing.key"
        try FileManager.default.moveItem(atPath: key, toPath: key + ".retired")

        let result = try await store.attempt(["fsck"])
        #expect(result.status == 0, "\(result)")
        #expect(result.lines.contains("orphan blob \(orphanPath)"), "\(result)")
        #expect(result.lines.contains { $0.hasPrefix("unverifiable manifest version 1 (release 1): signed with key ") && $0.hasSuffix(", which is not configured; its signature cannot be checked") }, "\(result)")
        #expect(result.lines.last == "1 blob and 1 manifest checked: 0 missing, 0 corrupt, 0 index problems, 0 damaged manifests, 1 unverifiable manifest; 1 orphaned blob, 0 temp files: consistent", "\(result)")
        #expect(result.stderr.split(separator: "\n") == [
            "warning: 1 orphaned blob and 0 temp files are harmless leftovers of interrupted work; packserve fsck --repair removes them",
            "warning: cannot check the signatures of 1 manifest signed with keys no longer configured; list their public keys in signing.additionalPublicKeys to check them",
        ], "\(result)")
        #expect(!FileManager.default.fileExists(atPath: key), "fsck must not generate a signing key")
    }

    /// Runs Python statements with `c`, a connection to the store's index, and commits them.
    static func editIndex(_ store: StoreWorkspace, _ statements: String) async throws {
        let script = "import sqlite3, sys\nc = sqlite3.connect(sys.argv[1])\n\(statements)\nc.commit()\n"
        try await ChildProcess.run(
            try ExternalTool.path(of: "python3"), ["-c", script, "\(store.dataDirectory)/index.sqlite"])
    }
}
