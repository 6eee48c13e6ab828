import Foundation
import CDNSimulation
import Testing

/// `packserve backup FILE` and `packserve restore FILE` with local storage (docs/deploying.md "Losing the
/// publisher"): the copy brings the releases to an empty data directory, names the blobs it lacks, and is
/// never installed over an index. The bucket forms of both run against real RGW in
/// ObjectStorageEndToEndTests.
@Suite struct BackupCommand {
    @Test func aLocalBackupRestoresIntoAnEmptyDataDirectoryAndNeverOverAnIndex() async throws {
        let store = try StoreWorkspace()
        try await store.run(["add", try store.randomFile("p.bin", count: 1000), "--id", "p"])
        try await store.run(["publish"])
        let backup = store.directory.file("index-backup.sqlite")
        let backedUp = try await store.run(["backup", backup])
        #expect(backedUp.stdout.contains("backed up the index to \(backup)"), "\(backedUp)")

        // Another data directory, with neither an index nor blobs: local storage has no bucket to fetch them from.
        let elsewhere = ["PACKSERVE_DATADIRECTORY": store.directory.file("elsewhere")]
        let restored = try await store.run(["restore", backup], environment: elsewhere)
        #expect(restored.stdout.contains("latest release 1"), "\(restored)")
        #expect(restored.stdout.contains("1 blobs are not in the data directory"), "\(restored)")

        let again = try await store.attempt(["restore", backup], environment: elsewhere)
        #expect(again.status == 1, "\(again)")
        #expect(again.stderr.contains("cannot restore over"), "\(again)")
    }

    /// Round 3, finding 4: a backup whose row names the signing key as a blob digest was restored and served
    /// the key; one whose size was `Int64.max` crashed `serve` on every start. Both are one line now.
    @Test func aTamperedBackupIsRefusedAndServeRefusesATamperedIndex() async throws {
        let store = try StoreWorkspace()
        try await store.run(["add", try store.randomFile("p.bin", count: 1000), "--id", "p"])
        try await store.run(["publish"])
        let backup = store.directory.file("index-backup.sqlite")
        try await store.run(["backup", backup])
        try Self.sqlite(backup, "UPDATE releasePack SET sha256 = '../../.packserve/keys/manifest-signing.key'")

        let elsewhere = store.directory.file("elsewhere")
        let restored = try await store.attempt(["restore", backup], environment: ["PACKSERVE_DATADIRECTORY": elsewhere])
        #expect(restored.status == 1, "\(restored)")
        #expect(restored.stderr == "Error: \(elsewhere)/index.sqlite cannot be trusted: releasePack row release 1, pack 'p': "
            + "sha256 '../../.packserve/keys/manifest-signing.key' is not 64 hex digits\n", "\(restored)")
        #expect(!FileManager.default.fileExists(atPath: elsewhere + "/index.sqlite"))

        try Self.sqlite(store.dataDirectory + "/index.sqlite", "UPDATE releasePack SET size = 9223372036854775807")
        let serve = try await store.attempt(["serve", "--port", "0"])
        #expect(serve.status != 0, "\(serve)")
        #expect(serve.stderr.contains("index.sqlite cannot be trusted: release 1: pack p: size 9223372036854775807 is outside"),
            "\(serve)")
    }

    /// Edits an index the way someone who can write the bucket's backup could (Python's sqlite3).
    static func sqlite(_ path: String, _ sql: String) throws {
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", "-c", "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute(sys.argv[2]); c.commit()", path, sql]
        try python.run()
        python.waitUntilExit()
        #expect(python.terminationStatus == 0)
    }
}
