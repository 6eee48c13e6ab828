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
}
