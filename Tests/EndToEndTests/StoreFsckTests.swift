import Foundation
import Testing

extension EndToEnd {
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
            #expect(clean.stdout.contains("3 blobs checked: index and blobs consistent"), "\(clean)")

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
            #expect(damaged.lines.last == "3 blobs checked: INCONSISTENT")

            let repaired = try await store.attempt(["fsck", "--repair"])
            #expect(repaired.status == 1, "corrupt and missing blobs stay inconsistent: \(repaired)")
            #expect(repaired.lines.contains("removed orphan blob \(orphanPath)"), "\(repaired)")
            #expect(repaired.lines.contains("removed temp file \(tempPath)"), "\(repaired)")
            #expect(!FileManager.default.fileExists(atPath: orphanPath))
            #expect(!FileManager.default.fileExists(atPath: tempPath))
            // The damaged blob is evidence, not garbage: repair leaves it for the operator to re-add.
            #expect(FileManager.default.fileExists(atPath: corruptPath))
            #expect(try await ExternalTool.sha256(of: store.blobPath(digests["intact"]!)) == digests["intact"])

            let after = try await store.attempt(["fsck"])
            #expect(after.status == 1)
            #expect(after.lines.filter { $0.hasPrefix("corrupt blob") || $0.hasPrefix("missing blob") }.count == 2, "\(after)")
            #expect(!after.lines.contains { $0.contains("orphan blob") || $0.contains("temp file") }, "\(after)")
        }
    }
}
