// swift-tools-version: 6.2
import PackageDescription

// The hot path's benchmarks, over one fixture (HotPathFixture: a real `Connection` through
// `InMemoryConnection` and the application's `PackServeResponder`): package-benchmark's `HotPath`
// (allocations per request, checked against Thresholds/ by scripts/bench-allocations) and `hotpath-bench`,
// the program whose instructions per request scripts/bench-hotpath counts with callgrind. A package of its
// own, so the root package's build and tests do not grow; it builds the root's modules in its own .build.
let package = Package(
    name: "PackServeBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "PackServe", path: ".."),
        // The malloc interposer (the allocation counts) and nothing else: the default traits add a Swift
        // runtime interposer for ARC counts on Linux with Swift 6.3, a package this machine's mirror lacks.
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .target(
            name: "HotPathFixture",
            dependencies: [
                .product(name: "HTTPServer", package: "PackServe"),
                .product(name: "PackServer", package: "PackServe"),
                // A signing key for the responder's key set.
                .product(name: "Manifest", package: "PackServe"),
            ]
        ),
        .executableTarget(name: "hotpath-bench", dependencies: ["HotPathFixture"]),
        // package-benchmark runs the executables it finds in Benchmarks/ (hence the folder).
        .executableTarget(
            name: "HotPath",
            dependencies: ["HotPathFixture", .product(name: "Benchmark", package: "benchmark")],
            path: "Benchmarks/HotPath",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
