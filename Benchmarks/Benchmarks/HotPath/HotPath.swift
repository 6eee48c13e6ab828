// Allocations per request on the server's hot path: HotPathFixture's keep-alive request for a 4 KiB range
// of a static file, through a real `Connection` (InMemoryConnection) and the application's
// `PackServeResponder`, counted by package-benchmark's malloc interposer. Each sample is 1,000 requests;
// the table shows per-request values (marked *), Thresholds/ stores each metric's p90 per sample.
//
//   mallocCountTotal    heap allocations: gated, half an allocation per request either way fails the check
//   mallocFreeDelta     allocations still live at the end of a sample (a leak): gated, none allowed
//   memoryLeakedBytes   their bytes: gated, none allowed
//   throughput, wallClock   reported, not gated: they move with the load of a shared machine; the stable
//                           measure of CPU work is instructions per request (scripts/bench-hotpath, callgrind)
//
// Run: scripts/bench-allocations (builds, runs and checks against Thresholds/; non-zero on a regression),
// or for the table alone `cd Benchmarks && swift package benchmark`.
// A change that is meant to allocate more, or that allocates less (the check fails on an improvement too,
// so the gain is locked in), updates the thresholds deliberately: `scripts/bench-allocations --update`,
// then commit Benchmarks/Thresholds/ saying why.
import Benchmark
import HotPathFixture

let benchmarks: @Sendable () -> Void = {
    let perSample = BenchmarkScalingFactor.kilo
    // Tolerances in the units of one sample (1,000 requests).
    let thresholds: [BenchmarkMetric: BenchmarkThresholds] = [
        .mallocCountTotal: .init(absolute: [.p90: perSample.rawValue / 2]),
        .mallocFreeDelta: .init(absolute: [.p90: 0]),
        .memoryLeakedBytes: .init(absolute: [.p90: 0]),
        .throughput: .none,
        .wallClock: .none,
    ]
    Benchmark(
        "KeepAliveRange4KiB",
        configuration: .init(
            metrics: [.mallocCountTotal, .mallocFreeDelta, .memoryLeakedBytes, .throughput, .wallClock],
            // 20,000 requests first, as hotpath-bench: the file is in the open-file cache, the buffers grown.
            warmupIterations: 20,
            scalingFactor: perSample,
            maxDuration: .seconds(3),
            maxIterations: 1_000,
            thresholds: thresholds
        )
    ) { benchmark, fixture in
        // A different range each time, over the fixture's 4,096.
        let first = benchmark.currentIteration * perSample.rawValue
        for index in benchmark.scaledIterations { fixture.request(first + index) }
    } setup: {
        try HotPathFixture()
    }
}
