import Foundation
import CDNSimulation
import Testing

/// Issue 20's small items, as a new user meets them on the command line (docs/cli.md).
@Suite struct FirstHourCommands {
    /// A mistyped command is named, with the nearest real one (it was "2 unexpected arguments").
    @Test func aMistypedCommandIsNamedWithTheNearestOne() async throws {
        let store = try StoreWorkspace()
        let typo = try await store.attempt(["addd", "file.bin"])
        #expect(typo.status != 0)
        #expect(typo.stderr.contains("unknown command 'addd' (did you mean 'add'?)"), "\(typo)")
        let nonsense = try await store.attempt(["frobnicate"])
        #expect(nonsense.stderr.contains("unknown command 'frobnicate'; see packserve --help"), "\(nonsense)")
        let bare = try await store.attempt([])
        #expect(bare.status == 0 && bare.stdout.contains("SUBCOMMANDS"), "\(bare)")
    }

    /// `releases --json` says what the table's STATUS column says: a rollback's source, a pruned release.
    @Test func releasesJSONCarriesRollbacksAndPrunedReleases() async throws {
        let store = try StoreWorkspace()
        try await store.run(["add", try store.randomFile("a.bin", count: 1000), "--id", "a"])
        try await store.run(["publish"])
        try await store.run(["add", try store.randomFile("b.bin", count: 1000), "--id", "b"])
        try await store.run(["publish"])
        try await store.run(["rollback", "1"])
        try await store.run(["gc", "--keep", "2"])
        let json = try await store.run(["releases", "--json"]).stdout
        let releases = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] ?? []
        #expect(releases.count == 3, "\(json)")
        let byNumber = Dictionary(uniqueKeysWithValues: releases.map { ($0["release"] as? Int ?? 0, $0) })
        #expect(byNumber[1]?["pruned"] as? Bool == true, "\(json)")
        #expect(byNumber[3]?["rollbackOf"] as? Int == 1, "\(json)")
        #expect(byNumber[2]?["pruned"] == nil && byNumber[2]?["rollbackOf"] == nil, "\(json)")
    }

    /// A big pack without tags is not "over the 64 MiB Apple recommends per tag".
    @Test func checkSpeaksOfDownloadsNotTags() async throws {
        let store = try StoreWorkspace()
        try await store.run(["add", try store.randomFile("big.bin", count: 65 << 20), "--id", "big"])
        let check = try await store.attempt(["check"])
        let line = (check.stdout + check.stderr).split(separator: "\n").first { $0.contains("64 MiB") } ?? ""
        #expect(line.contains("for one download") && !line.contains("per tag"), "\(check)")
    }
}
