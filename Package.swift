// swift-tools-version: 6.2
import PackageDescription

// Layers look downward only (the main edges; each target below lists all of its own):
//   packserve → PackServer, PackClient, HTTPClient
//   PackServer → HTTPServer, HTTPClient, ObjectStorage, PackStore, Manifest, DevelopmentCertificates, HTTP1
//   ObjectStorage → HTTPClient, HTTP1;  PackClient → HTTPClient, HTTP1, Manifest
//   HTTPServer → HTTP1, ProxyProtocol, Sockets;  HTTPClient → HTTP1, Sockets (never HTTPServer)
//   ProxyProtocol → Sockets;  HTTP1 → JSONText;  Sockets → CSocketShims, COpenSSL
// HTTP1 is HTTP/1.1 as values and parsers, with no socket, file, thread or event loop; Sockets knows nothing of
// HTTP (descriptors, addresses, listeners, epoll, the server's transports and the client's blocking streams,
// plain and TLS); HTTPServer knows nothing of packs; PackStore knows nothing of HTTP.
// At the bottom, each shared helper has one home that any layer may use: JSONText (JSON), Hex,
// Digests (file hashing), DurableFiles (crash-safe writes). docs/architecture.md draws the whole graph.
let package = Package(
    name: "PackServe",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "packserve", targets: ["packserve"]),
        .library(name: "HTTPServer", targets: ["HTTPServer"]),
        // For Benchmarks/Package.swift: the application's responder (PackServer) and a signing key for it (Manifest).
        .library(name: "PackServer", targets: ["PackServer"]),
        .library(name: "Manifest", targets: ["Manifest"]),
        // For the fuzz targets of Fuzz/Package.swift (scripts/fuzz), built with the fuzzer's instrumentation.
        .library(name: "HTTP1", targets: ["HTTP1"]),
        .library(name: "ProxyProtocol", targets: ["ProxyProtocol"]),
        .library(name: "Sockets", targets: ["Sockets"]),
        .library(name: "ObjectStorage", targets: ["ObjectStorage"]),
        .library(name: "AppleArchive", targets: ["AppleArchive"]),
        .library(name: "JSONText", targets: ["JSONText"]),
        .library(name: "PackStore", targets: ["PackStore"]),
        .library(name: "ReleaseViews", targets: ["ReleaseViews"]),
        .library(name: "RolloutRules", targets: ["RolloutRules"]),
    ],
    // Exact versions (those Package.resolved pins): the Docker build context has no Package.resolved, and a
    // `from:` range would let an image built later take newer releases than the ones tested here.
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        .package(url: "https://github.com/apple/swift-configuration", exact: "1.4.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", exact: "2.13.0"),
        .package(url: "https://github.com/apple/swift-crypto", exact: "4.5.2"),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", exact: "0.9.20"),
        .package(url: "https://github.com/apple/swift-system", exact: "1.8.1"),
        .package(url: "https://github.com/apple/swift-certificates", exact: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1", exact: "1.7.4"),
        .package(url: "https://github.com/apple/swift-metrics", exact: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", exact: "2.4.1"),
        .package(url: "https://github.com/apple/swift-http-structured-headers", exact: "1.7.0"),
        // The app's side, a package of its own (docs/packkit.md): `verify` checks and plans with its wire target.
        .package(path: "PackKit"),
    ],
    targets: [
        // Glibc's Swift overlay lacks accept4(2) and epoll(7); this shim exposes them.
        .target(name: "CSocketShims"),
        // Server-side TLS through the system's OpenSSL 3 (libssl-dev): plain functions for its macros.
        .target(name: "COpenSSL", linkerSettings: [.linkedLibrary("ssl"), .linkedLibrary("crypto")]),
        // gzip for JSON documents through the system's zlib (zlib1g-dev).
        .target(name: "CGzip", linkerSettings: [.linkedLibrary("z")]),
        // Lowercase hex of bytes: digests, ETags, key ids, signatures, `\u00XX` escapes, bytes in error lines.
        // Imports nothing, so the JSON escaper and the Apple Archive reader (which scripts/fuzz compiles
        // alone) can use it.
        .target(name: "Hex"),
        // The one home of JSON (RFC 8259 calls a document a "JSON text"): string escaping for every JSON
        // written by hand (problem details, access-log lines, manifests); the strict reader of JSON from
        // outside (no duplicate keys, bounded nesting, positions in every refusal: config.json, admin bodies,
        // an archive's Manifest.json, userInfo files) and the shapes it checks; the one JSON value type
        // (`JSONValue`, a pack's userInfo); and the canonical writer (sorted keys, no `\/`) that signed
        // manifests and userInfo are written with. At the bottom of the graph, so the HTTP core, the archive
        // reader and the manifest all use it without depending on each other. Foundation's encoder stays the
        // reference for canonical bytes; other Codable documents (bucket records) use Foundation directly.
        // Named JSONText, not JSON: the name the HTTP core and scripts/fuzz know it by.
        .target(name: "JSONText", dependencies: ["Hex"]),
        // SHA-256 (and any swift-crypto hash) of a file or a span of one, read in large blocks: the one file
        // hasher of the store, the object-store client and the download client.
        .target(name: "Digests", dependencies: ["Hex", .product(name: "Crypto", package: "swift-crypto")]),
        // A bounded pool of threads for work that blocks, instead of Dispatch's global queue (which starts
        // about one thread a second when its threads block, and no bound on how many).
        .target(name: "BlockingWork"),
        // Sockets, addresses, listeners, epoll and the byte transports (plaintext TCP, TLS through OpenSSL):
        // what the HTTP core runs on, with no HTTP in it; and the client's blocking streams (resolving,
        // connecting under a deadline, TLS with a CA file to trust).
        .target(name: "Sockets", dependencies: ["CSocketShims", "COpenSSL"]),
        // HTTP/1.1 with no I/O (RFC 9110, RFC 9112): request and response heads, the request-head parser and
        // the grammar, body framing, chunked coding, ranges, preconditions, dates, entity tags, media types,
        // the response head encoder and the client's response-head parser, problem+json (JSONText writes its
        // strings). The server and the client both speak it; it touches no socket, file or thread, so it is
        // built, tested (HTTP1Tests) and fuzzed alone. It takes from Glibc and Foundation only what it names
        // (scoped imports: memchr, time, JSONDecoder), which scripts/test checks.
        .target(name: "HTTP1", dependencies: ["JSONText"]),
        // HAProxy's PROXY protocol header (v1, v2), parsed with no I/O. Not HTTP1: it is not HTTP (it comes
        // before the HTTP or TLS bytes), and its addresses are Sockets' `IPAddress`, which HTTP1 must not see.
        .target(name: "ProxyProtocol", dependencies: ["Sockets"]),
        .target(
            name: "HTTPServer",
            dependencies: [
                "BlockingWork",
                "HTTP1",
                "ProxyProtocol",
                "Sockets",
                // The access log's JSON lines.
                "JSONText",
                "CSocketShims",
                "CGzip",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Crash-safe file writing on swift-system (fsync, atomic replace, EINTR): the one place a file is
        // written to a temp file, fsynced and renamed into place, for every module that writes files outside
        // the HTTP core (keys, certificates, bucket objects, index backups, downloads, blobs).
        .target(
            name: "DurableFiles",
            dependencies: [.product(name: "SystemPackage", package: "swift-system")]
        ),
        // Channels and app builds as values, with no I/O (docs/channels.md): builds and their order, release
        // ranges, channel names, which release each build reads, and the rule that chooses Apple versions so
        // that none a device saw ever falls. Pure, so the property tests run it 10,000 times in seconds.
        // Staged rollouts' reports and automatic halt as values: no I/O (docs/rollouts.md).
        .target(name: "RolloutRules", dependencies: ["JSONText"]),
        // Channels and app builds as values; the build axis itself is PackKitWire's (one with the app's side).
        .target(name: "ReleaseViews", dependencies: [.product(name: "PackKitWire", package: "PackKit")]),
        .target(
            name: "PackStore",
            dependencies: [
                // Channels, builds and the Apple version rule, which the index stores and signs by.
                "ReleaseViews",
                // Reports' counts and the automatic halt, decided in the transaction that counts them.
                "RolloutRules",
                "DurableFiles",
                "Digests",
                "Hex",
                // One-line messages of values read from a restored index or a bucket (`PackStoreError`), and a
                // pack's userInfo (`JSONValue`).
                "JSONText",
                "AppleArchive",
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "GRDB", package: "GRDB.swift"),
                // The raw SQLite API, for reading 100,000-pack snapshots without per-row Swift overhead.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Apple Archives (`AA01`, what `ba-package` writes), read as they stream past: pure, so Reader/ builds
        // alone for the fuzzer (docs/apple-archive.md); Content/ adds the content digest (SHA-256).
        .target(
            name: "AppleArchive",
            dependencies: ["JSONText", "Hex", .product(name: "Crypto", package: "swift-crypto")]
        ),
        .target(
            name: "Manifest",
            dependencies: [
                "DurableFiles",
                // The canonical writer of signed manifests, and the JSON value of a pack's own `userInfo`:
                // JSON's, not the archive reader's, so a manifest needs no Apple Archive code.
                "JSONText",
                // Key ids.
                "Hex",
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "Crypto", package: "swift-crypto"),
                // PEM/DER (PKCS#8, SPKI) encodings of Ed25519 keys.
                .product(name: "CryptoExtras", package: "swift-crypto"),
                // base64url, one home with the app's side.
                .product(name: "PackKitWire", package: "PackKit"),
            ]
        ),
        // Not shipped: simulated devices through real Varnish across a publish, for scripts/bench-cdn
        // (docs/performance.md "Behind a CDN"); the devices and the stack are the end-to-end tests' own.
        .executableTarget(
            name: "cdn-bench",
            dependencies: ["CDNSimulation", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Benchmarks/CDN"),
        // The CLI's HTTP/1.1 client (and the object store's): HTTP1's messages over Sockets' blocking client
        // streams (plain or TLS, with a CA file to trust).
        .target(name: "HTTPClient", dependencies: ["BlockingWork", "HTTP1", "Sockets"]),
        // The object-store client (docs/object-storage.md): S3 over HTTPClient, Signature Version 4 with
        // swift-crypto's HMAC-SHA256, and a hand-written XML reader (FoundationXML needs libxml2 at run time).
        .target(
            name: "ObjectStorage",
            dependencies: ["HTTPClient", "HTTP1", "Digests", "Hex", .product(name: "Crypto", package: "swift-crypto")]
        ),
        // The client's side: fetch a manifest and download packs with resumable Range requests.
        .target(
            name: "PackClient",
            dependencies: [
                "HTTPClient",
                // Response heads, and the detail of a problem+json refusal.
                "HTTP1",
                "DurableFiles",
                "Digests",
                .product(name: "SystemPackage", package: "swift-system"),
                // One client: the app's verification, resume and download plans (PackKit's wire target).
                .product(name: "PackKitWire", package: "PackKit"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // Development TLS certificates (`packserve certs`, `tls.generateIfMissing`): a local CA, a leaf
        // signed by it and an Apple configuration profile that installs the CA on a test device.
        .target(
            name: "DevelopmentCertificates",
            dependencies: [
                "DurableFiles",
                "Hex",
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // The admin API's request and answer bodies, shared by the server and its client (`push`).
        .target(name: "AdminMessages"),
        .target(
            name: "PackServer",
            dependencies: [
                "AdminMessages",
                // Channels, builds and the view prefix of request paths.
                "RolloutRules", "ReleaseViews",
                "AppleArchive",
                "BlockingWork",
                "JSONText",
                "Hex",
                "HTTP1",
                "HTTPServer",
                "Sockets",
                // Purge requests to the caches in front (cache.purge).
                "HTTPClient",
                // Releases published to an S3-compatible bucket (storage.type s3) and read by replicas.
                "ObjectStorage",
                "PackStore",
                "Manifest",
                // fsck checks stored signings as an app checks them.
                .product(name: "PackKitWire", package: "PackKit"),
                "DevelopmentCertificates",
                "DurableFiles",
                // HMAC-SHA256 of signed URLs for private packs.
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                // The /metrics listener (docs/metrics.md): swift-metrics timers for the rare events,
                // swift-prometheus for the registry and the text format.
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                // RFC 8941 structured fields: the admin API's `Content-Digest` (RFC 9530).
                .product(name: "RawStructuredFieldValues", package: "swift-http-structured-headers"),
            ]
        ),
        // Not shipped: `PackServeApplication` started inside a test process (ephemeral loopback ports, a manual
        // clock, a temporary directory) and a small client for it. Public API only, so it builds in release too.
        .target(
            name: "PackServeTesting",
            dependencies: [
                "PackServer",
                "PackStore",
                "ReleaseViews",
                "HTTPServer",
                "Sockets",
                "HTTPClient",
                // Signs the manifests `BucketReleaseWriter` puts in a bucket for replicas to read.
                "Manifest",
                "Hex",
                .product(name: "PackKitWire", package: "PackKit"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "packserve",
            dependencies: [
                "RolloutRules",
                "ReleaseViews",
                "Sockets",
                "AdminMessages",
                "AppleArchive",
                "JSONText",
                "PackServer",
                "PackStore",
                "Manifest",
                "PackClient",
                .product(name: "PackKitWire", package: "PackKit"),
                "HTTPClient",
                "DevelopmentCertificates",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Poll: the one place tests wait for what runs on its own time (another process or thread).
        .target(name: "Polling", path: "Tests/Polling"),
        // RawClient: a blocking loopback client that sends and reads exact bytes, for the HTTP core's tests
        // and the application's; below both, so neither depends on the other's support code.
        .target(name: "RawHTTPClient", path: "Tests/RawHTTPClient"),
        // ThreadedListener: a loopback listener handing each connection to a thread of its own, for the tests
        // that play a misbehaving peer (a server, a cache) byte by byte.
        .target(name: "ThreadedListener", path: "Tests/ThreadedListener"),
        // The CDN in a box the end-to-end tests and scripts/bench-cdn share: a store and its `serve` origin
        // behind real Varnish or nginx running the shipped deploy/ files (CDNStack), the processes and files
        // around them, and one model of a device (SimulatedDevice: document, Range pieces resumed with
        // If-Range, SHA-256, If-None-Match polls, updates) with the simulation that runs many of them across
        // a publish. Not shipped; public API of its dependencies only, so it builds in release for the bench.
        // gunzip through the system's zlib for the simulated devices' documents (Sources/CGzip only compresses).
        .target(name: "CGunzip", path: "Tests/CGunzip", linkerSettings: [.linkedLibrary("z")]),
        .target(
            name: "CDNSimulation",
            dependencies: [
                "PackServeTesting", "Polling", "RawHTTPClient", "CGunzip",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            path: "Tests/CDNSimulation"),
        // HTTP1 alone: its tests build and run without the server, the client or a socket.
        .testTarget(name: "HTTP1Tests", dependencies: ["HTTP1"]),
        .testTarget(name: "ProxyProtocolTests", dependencies: ["ProxyProtocol", "Sockets"]),
        .testTarget(
            name: "HTTPServerTests", dependencies: ["HTTPServer", "HTTP1", "ProxyProtocol", "Sockets", "Polling", "RawHTTPClient"]),
        .testTarget(name: "JSONTextTests", dependencies: ["JSONText"]),
        .testTarget(name: "HexTests", dependencies: ["Hex"]),
        .testTarget(name: "RolloutRulesTests", dependencies: ["RolloutRules"]),
        .testTarget(name: "ReleaseViewsTests", dependencies: ["ReleaseViews", "ViewRulesModel", "Polling"]),
        // The rules of channels as a plain model, its random steps and the checker of device paths: shared by
        // the pure property test and the one that runs the same steps through the real store and server.
        // Optimized even in debug builds: the property test runs 240,000 steps through it (38 s unoptimized).
        .target(
            name: "ViewRulesModel", dependencies: ["ReleaseViews"], path: "Tests/ViewRulesModel",
            swiftSettings: [.unsafeFlags(["-O"])]),
        // `CatalogStep`s run on a real store: shared by the property tests of the index and of the server.
        .target(name: "StoreSteps", dependencies: ["PackStore", "ReleaseViews", "ViewRulesModel"], path: "Tests/StoreSteps"),
        .testTarget(name: "DigestsTests", dependencies: ["Digests", .product(name: "Crypto", package: "swift-crypto")]),
        .testTarget(name: "BlockingWorkTests", dependencies: ["BlockingWork"]),
        // Package.swift's module graph against the one docs/architecture.md draws (no upward or undeclared edge).
        .testTarget(name: "ArchitectureTests"),
        .testTarget(
            name: "DurableFilesTests",
            dependencies: ["DurableFiles", .product(name: "SystemPackage", package: "swift-system")]
        ),
        .testTarget(
            name: "PackStoreTests",
            dependencies: [
                "PackStore", "AppleArchive", "AppleArchiveTestSupport", "ReleaseViews", "ViewRulesModel", "StoreSteps",
                "Polling", .product(name: "Crypto", package: "swift-crypto"),
                // Tampers with index backups the way an attacker with the bucket could (IndexAuditTests).
                .product(name: "GRDB", package: "GRDB.swift"),
            ]),
        // What the server signs, checked as an app checks it (PackKit's verifier).
        .testTarget(name: "ManifestTests", dependencies: ["Manifest", "JSONText", .product(name: "PackKitWire", package: "PackKit")]),
        // The Apple Archive writer the tests make their archives with (docs/apple-archive.md): a library, so
        // the store's and the end-to-end tests make theirs the same way.
        .target(name: "AppleArchiveTestSupport", dependencies: ["AppleArchive"], path: "Tests/AppleArchiveTests/Support"),
        .testTarget(
            name: "AppleArchiveTests", dependencies: ["AppleArchive", "AppleArchiveTestSupport", "JSONText"], exclude: ["Support"]),
        .testTarget(name: "PackClientTests", dependencies: ["PackClient", .product(name: "PackKitWire", package: "PackKit")]),
        .testTarget(name: "HTTPClientTests", dependencies: ["HTTPClient", "HTTP1", "DevelopmentCertificates", "ThreadedListener"]),
        .testTarget(name: "ObjectStorageTests", dependencies: ["ObjectStorage", "HTTPClient"]),
        // Against a real Ceph RADOS Gateway that scripts/ceph-rgw starts for the suite.
        .testTarget(
            name: "ObjectStorageEndToEndTests",
            // PackServer and PackServeTesting: the publishing tests read the bucket through `S3ObjectBucket`
            // and write the `packserve` configuration they run the binary with.
            dependencies: [
                "ObjectStorage", "Polling", "PackStore", "PackServer", "PackServeTesting",
                // The replica topology's clients.
                "HTTPClient",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .testTarget(
            name: "DevelopmentCertificatesTests",
            dependencies: [
                "DevelopmentCertificates",
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .testTarget(
            name: "PackServerTests",
            dependencies: [
                "PackServer", "HTTP1", "HTTPServer", "PackStore", "Manifest", "AdminMessages", "PackServeTesting", "JSONText",
                "ReleaseViews", "ViewRulesModel", "StoreSteps", .product(name: "PackKitWire", package: "PackKit"),
                "ThreadedListener", "ObjectStorage", "Sockets",
                .product(name: "Configuration", package: "swift-configuration"),
                // The sample packs' digests (SampleCatalogBytesTests).
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // The production application in-process (PackServeTesting): the routes, admin API, documents and
        // metrics over real loopback sockets, in milliseconds.
        .testTarget(
            name: "ApplicationTests",
            dependencies: [
                "PackServeTesting", "PackServer", "PackStore", "Manifest", "HTTPClient", "Polling", "RawHTTPClient",
                "AppleArchive", "AppleArchiveTestSupport", "JSONText", "ReleaseViews", "ThreadedListener",
            ]
        ),
        // Drives the real `packserve` binary with real clients (curl, aria2c, Python): what only a process shows.
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "HTTPServer", "AppleArchive", "AppleArchiveTestSupport", "PackServeTesting", "Polling", "RawHTTPClient",
                "ThreadedListener", "CDNSimulation",
            ],
            // Python the tests run by path (PythonScripts), not sources of the target.
            exclude: ["Scripts"]),
        // PackKit in-process against the real `packserve` binary: what an app's library meets on the network.
        .testTarget(
            name: "PackKitEndToEndTests",
            dependencies: [
                "CDNSimulation", "Polling", .product(name: "PackKit", package: "PackKit"),
                .product(name: "Crypto", package: "swift-crypto"),
                // Built beside the tests: the document's program, run against the real server.
                .product(name: "packkit-example", package: "PackKit"),
            ],
            exclude: ["Scripts"]),
        // PackKit's own tests and its Background Assets check, compiled in this build rather than in a second
        // one of PackKit's package (which would compile swift-crypto again): the same sources, the same
        // dependencies (PackKit/Package.swift declares them for `swift test --package-path PackKit`).
        .target(
            name: "PackKitTestSupport",
            dependencies: [.product(name: "PackKitWire", package: "PackKit"), .product(name: "Crypto", package: "swift-crypto")],
            path: "PackKit/Tests/PackKitTestSupport"),
        .testTarget(
            name: "PackKitWireTests", dependencies: [.product(name: "PackKitWire", package: "PackKit"), "PackKitTestSupport"],
            path: "PackKit/Tests/PackKitWireTests"),
        .testTarget(
            name: "PackKitTests",
            dependencies: [
                .product(name: "PackKit", package: "PackKit"), .product(name: "PackKitWire", package: "PackKit"), "PackKitTestSupport",
            ],
            path: "PackKit/Tests/PackKitTests"),
        .target(name: "BackgroundAssetsStub", path: "PackKit/Checks/BackgroundAssetsStub"),
        .target(
            name: "BackgroundAssetsGlueCheck",
            dependencies: [.product(name: "PackKit", package: "PackKit"), "BackgroundAssetsStub"],
            path: "PackKit/Checks/BackgroundAssetsGlueCheck", swiftSettings: [.define("PACKKIT_BACKGROUND_ASSETS_STUB")]),
    ]
)
