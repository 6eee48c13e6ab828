import AppleArchive
import AppleArchiveTestSupport
import Foundation
import Testing

/// The fuzzer's committed seeds are what `ArchiveWriter` makes (no archive from elsewhere is committed).
/// `PACKSERVE_WRITE_FUZZ_SEEDS=1 swift test --filter FuzzSeedTests` rewrites them after a writer change.
@Suite struct FuzzSeedTests {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/seeds/AppleArchiveFuzzer")

    @Test func seedsAreTheWritersArchives() throws {
        let write = ProcessInfo.processInfo.environment["PACKSERVE_WRITE_FUZZ_SEEDS"] == "1"
        for seed in FuzzSeeds.all {
            let file = Self.directory.appendingPathComponent(seed.name)
            if write { try Data(seed.bytes).write(to: file) }
            #expect(try Array(Data(contentsOf: file)) == seed.bytes, "\(seed.name)")
        }
        let committed = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path).sorted()
        #expect(committed == FuzzSeeds.all.map(\.name).sorted())
    }

    /// Each seed reaches the reader state it is named for.
    @Test func seedsReadAsNamed() {
        let outcomes = Dictionary(uniqueKeysWithValues: FuzzSeeds.all.map { ($0.name, ArchiveReading.read($0.bytes)) })
        #expect(outcomes["sample-pack"]?.error == nil)
        #expect(outcomes["all-fields"]?.error == nil)
        #expect(outcomes["legacy-magic"]?.error == nil)
        #expect(outcomes["pbze-container"]?.format == .compressed(magic: "pbze", algorithm: "LZFSE"))
        #expect(outcomes["truncated-data"]?.error?.problem.hasPrefix("the archive ends inside the DAT data") == true)
        #expect(outcomes["second-magic-wrong"]?.error?.problem.hasPrefix("entry 2 does not start with AA01") == true)
    }
}
