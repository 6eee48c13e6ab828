import Foundation
import PackStore
import Testing

/// The performance target: `add` of a 1 GiB file within 1.5× `sha256sum` on it. Slow and disk-hungry,
/// so it only runs when PACKSTORE_BENCH_FILE names a large file, e.g.
/// `head -c 1G /dev/urandom > /tmp/1gib && PACKSTORE_BENCH_FILE=/tmp/1gib swift test --filter IngestBenchmark`.
@Suite struct IngestBenchmarkTests {
    static let benchFile = ProcessInfo.processInfo.environment["PACKSTORE_BENCH_FILE"]

    @Test(.enabled(if: benchFile != nil)) func addVersusSha256sum() throws {
        let file = URL(fileURLWithPath: try #require(Self.benchFile))
        let fixture = try TemporaryStore()

        let sumStart = ContinuousClock.now
        let sha256sum = Process()
        sha256sum.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        sha256sum.arguments = [file.path]
        let output = Pipe()
        sha256sum.standardOutput = output
        try sha256sum.run()
        let line = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        sha256sum.waitUntilExit()
        let sumTime = ContinuousClock.now - sumStart

        var progressCalls = 0
        let addStart = ContinuousClock.now
        let added = try fixture.store.add(file: file, id: "big") { _, _ in progressCalls += 1 }
        let addTime = ContinuousClock.now - addStart

        #expect(line.hasPrefix(added.sha256))
        let ratio = addTime / sumTime
        print("PackStore ingest \(added.size) bytes: add \(addTime) (\(progressCalls) progress calls), sha256sum \(sumTime), ratio \(ratio)")
    }
}
