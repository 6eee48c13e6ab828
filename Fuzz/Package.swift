// swift-tools-version: 6.2
import PackageDescription

// Fuzz targets that need more than one module of PackServe (docs/fuzzing is in README "Fuzzing"): ordinary
// SwiftPM executables over the root package's libraries, built by scripts/fuzz with
// `-Xswiftc -sanitize=fuzzer,address`, so the libraries they call are instrumented too. A package of its own,
// so the test build does not grow. Each target's main.swift hands its test function to libFuzzer's driver
// (`FuzzDriver`); lld links them (gold fails on libFuzzer's objects).
let package = Package(
    name: "PackServeFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "PackServe", path: ".."),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    ],
    targets: [
        .target(name: "FuzzDriver"),
        // An archive whose Manifest.json is the input, at its real size, through the reader and the strict
        // JSON of the pack manifest and userInfo (Round 3, finding 1).
        .executableTarget(
            name: "ArchiveManifestFuzzer",
            dependencies: [
                "FuzzDriver", .product(name: "AppleArchive", package: "PackServe"),
                .product(name: "JSONText", package: "PackServe"),
            ],
            linkerSettings: [.unsafeFlags(["-use-ld=lld"])]),
        // A published index whose rows the input rewrites, restored (Round 3, finding 4).
        .executableTarget(
            name: "IndexRestoreFuzzer",
            dependencies: [
                "FuzzDriver", .product(name: "PackStore", package: "PackServe"), .product(name: "GRDB", package: "GRDB.swift"),
            ],
            linkerSettings: [.unsafeFlags(["-use-ld=lld"])]),
    ]
)
