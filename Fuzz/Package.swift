// swift-tools-version: 6.2
import PackageDescription

// Every fuzz target of PackServe (docs/reliability.md "Fuzzing"): ordinary SwiftPM executables over the root
// package's libraries, built by scripts/fuzz with `-Xswiftc -sanitize=fuzzer,address`, so the libraries they
// call are instrumented too, and `-Xswiftc -enable-testing`, so a target may reach an internal seam with
// `@testable import` (RangePlanFuzzer's descriptor-less `OpenFile`). A package of its own, so the test build
// does not grow. Each target's main.swift hands its test function to libFuzzer's driver (`FuzzDriver`); lld
// links them (gold fails on libFuzzer's objects). Seeds: Fuzz/seeds/<target>/.
let package = Package(
    name: "PackServeFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "PackServe", path: ".."),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(name: "PackKit", path: "../PackKit"),
        .package(url: "https://github.com/apple/swift-crypto", exact: "4.5.2"),
    ],
    targets: [
        .target(name: "FuzzDriver"),
        // A connection's receive buffer through the request-head parser (RFC 9112 §2–§6) and SafePath.
        .executableTarget(
            name: "RequestHeadFuzzer",
            dependencies: ["FuzzDriver", .product(name: "HTTP1", package: "PackServe")],
            linkerSettings: [.unsafeFlags(["-use-ld=lld"])]),
        // A chunked body (RFC 9112 §7.1), whole, split in two and byte by byte.
        .executableTarget(
            name: "ChunkedDecoderFuzzer",
            dependencies: ["FuzzDriver", .product(name: "HTTP1", package: "PackServe")],
            linkerSettings: [.unsafeFlags(["-use-ld=lld"])]),
        // A response to the client: its head parser and body framing.
        .executableTarget(
            name: "ResponseHeadFuzzer",
            dependencies: ["FuzzDriver", .product(name: "HTTP1", package: "PackServe")],
            linkerSettings: [.unsafeFlags(["-use-ld=lld"])]),
        // A Range field against a length: the planner (HTTP1) and the responder that serves its plan (HTTPServer).
        .executableTarget(
            name: "RangePlanFuzzer",
            dependencies: [
                "FuzzDriver", .product(name: "HTTP1", package: "PackServe"), .product(name: "HTTPServer", package: "PackServe"),
            ],
            linkerSettings: [.unsafeFlags(["-use-ld=lld"])]),
        // A connection's first bytes through the PROXY protocol parser (v1, v2); Sockets for `IPAddress`.
        .executableTarget(
            name: "ProxyProtocolFuzzer",
            dependencies: [
                "FuzzDriver", .product(name: "ProxyProtocol", package: "PackServe"), .product(name: "Sockets", package: "PackServe"),
            ],
            linkerSettings: [.unsafeFlags(["-use-ld=lld"])]),
        // An S3 response body through the object-store client's XML reader.
        .executableTarget(
            name: "XMLScannerFuzzer",
            dependencies: ["FuzzDriver", .product(name: "ObjectStorage", package: "PackServe")],
            linkerSettings: [.unsafeFlags(["-use-ld=lld"])]),
        // An archive through the Apple Archive reader, whole and in pieces.
        .executableTarget(
            name: "AppleArchiveFuzzer",
            dependencies: ["FuzzDriver", .product(name: "AppleArchive", package: "PackServe")],
            linkerSettings: [.unsafeFlags(["-use-ld=lld"])]),
        // An archive whose Manifest.json is the input, at its real size, through the reader and the strict
        // JSON of the pack manifest and userInfo (Round 3, finding 1).
        .executableTarget(
            name: "ArchiveManifestFuzzer",
            dependencies: [
                "FuzzDriver", .product(name: "AppleArchive", package: "PackServe"),
                .product(name: "JSONText", package: "PackServe"),
            ],
            linkerSettings: [.unsafeFlags(["-use-ld=lld"])]),
        // The body of POST /reports: strict JSON, bounded (docs/rollouts.md "Reports").
        .executableTarget(
            name: "DeviceReportFuzzer",
            dependencies: ["FuzzDriver", .product(name: "RolloutRules", package: "PackServe")],
            linkerSettings: [.unsafeFlags(["-use-ld=lld"])]),
        // A request path through the view prefix parser (/channels/, /builds/, /cohorts/; docs/channels.md).
        .executableTarget(
            name: "ViewPrefixFuzzer",
            dependencies: ["FuzzDriver", .product(name: "ReleaseViews", package: "PackServe")],
            linkerSettings: [.unsafeFlags(["-use-ld=lld"])]),
        // What an app reads before it trusts anything: a compact JWS, a payload with a detached signature, a
        // Content-Range for the resume plan (PackKit's wire target, docs/packkit.md).
        .executableTarget(
            name: "SignedManifestFuzzer",
            dependencies: [
                "FuzzDriver", .product(name: "PackKitWire", package: "PackKit"),
                .product(name: "Crypto", package: "swift-crypto"),
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
