// swift-tools-version: 6.2
import PackageDescription

// The hot path's benchmarks, over one fixture (HotPathFixture: a real `Connection` through
// `InMemoryConnection` and the application's `PackServeResponder`): `hotpath-bench`, the program whose
// instructions per request scripts/bench-hotpath counts with callgrind. A package of its own, so the root
// package's build and tests do not grow; it builds the root's modules in its own .build.
let package = Package(
    name: "PackServeBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "PackServe", path: ".."),
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
    ]
)
