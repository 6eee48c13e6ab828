import CDNSimulation
import Foundation
import Polling

/// One device count: a fresh stack, the fleet across the publish, then the origin's and the cache's counts.
struct BenchRun {
    let catalog: [CatalogPack]
    let devices: Int
    let options: CDNBench
    let packURLs: String

    func run() async throws -> RunResult {
        BenchLog.line("\(devices) devices: making release 1 and the draft of release 2, starting Varnish and the origin")
        let bench = try await BenchStack(catalog: catalog, sharedMaxAge: options.sharedMaxAge, packURLs: packURLs)
        BenchLog.line("\(devices) devices: Varnish on 127.0.0.1:\(bench.cachePort), the origin on 127.0.0.1:\(bench.originPort)")
        try await bench.awaitReady()
        let loadBefore = BenchLog.loadAverage
        let purgesBefore = Int(MetricsText.sum(try bench.metrics(), "packserve_cache_purges_total", label: "result=\"ok\""))
        var fleet = FleetOptions()
        fleet.workers = options.workers
        fleet.pollWorkers = options.pollWorkers
        fleet.pollSeconds = options.pollSeconds
        fleet.resumePercent = options.resumePercent
        fleet.pieceBytes = options.pieceMiB << 20
        fleet.seed = options.seed
        let expected = [
            1: Dictionary(uniqueKeysWithValues: catalog.map { ($0.id, $0.sha1) }),
            2: Dictionary(uniqueKeysWithValues: catalog.map { ($0.id, $0.sha2) }),
        ]
        let simulation = FleetSimulation(
            devices: devices, cachePort: bench.cachePort, options: fleet, expected: expected,
            onDemand: catalog.filter { $0.policy == "on-demand" }.map(\.id))
        BenchLog.line("\(devices) devices: running (\(options.workers) at once, polling every \(options.pollSeconds) s)")
        let originLog = bench.stack.origin.child.stderr
        let store = bench.store
        let record = try await simulation.run(
            deadline: .seconds(options.deadline),
            publish: {
                BenchLog.line("  half of \(devices) devices installed: publishing release 2")
                try await store.run(["publish", "--note", "bench-cdn release 2"], timeout: .seconds(120))
            },
            originLog: { originLog.text },
            alive: { try bench.alive() },
            progress: { BenchLog.line("  \($0), load \(String(format: "%.2f", BenchLog.loadAverage.first ?? 0))") })
        let loadAfter = BenchLog.loadAverage
        if record.publish.purged == nil {
            simulation.tally.problem("the origin never logged a successful purge for release 2")
        }
        // The origin's access log is written within ~0.1 s of an answer; Varnish's counters within a second:
        // wait until both stop moving.
        try await Self.settle { [try await bench.varnishCounters()["MAIN.s_resp_bodybytes"] ?? 0, Self.fileSize(bench.accessLog)] }
        try bench.alive()
        let varnish = try await bench.varnishCounters()
        let metrics = try bench.metrics()
        try await bench.stop()
        var result = RunResult(
            record: record, entries: try AccessLogEntry.read(bench.accessLog), varnish: varnish, metrics: metrics,
            purgesBefore: purgesBefore, sharedMaxAge: options.sharedMaxAge, fromRelease: 1)
        result.loadBefore = loadBefore
        result.loadAfter = loadAfter
        result.storageMiB = bench.storageMiB
        return result
    }

    /// Until two looks 1.5 s apart see the same values (at most 15 s): what other processes write (the
    /// origin's access log, Varnish's counters) has landed.
    private static func settle(_ look: () async throws -> [Int]) async throws {
        var last: [Int]?
        try await Poll.until(within: .seconds(15), every: .milliseconds(1500)) {
            let now = try await look()
            defer { last = now }
            return now == last
        }
    }

    private static func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }
}
