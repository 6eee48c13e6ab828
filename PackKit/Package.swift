// swift-tools-version: 6.0
// 6.0, not newer: the oldest tools version that has Swift 6 language mode, so every current Xcode reads it.

import PackageDescription

let package = Package(
    name: "PackKit",
    // The floor of Background Assets' BADownloaderExtension (iOS 16.1, macOS 13) and of `Duration`.
    platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .visionOS(.v1)],
    products: [
        .library(name: "PackKit", targets: ["PackKit"]),
        // The wire format alone (manifest model, JWS verification, resume plans): what a server or a
        // command line shares with the app without URLSession or a store.
        .library(name: "PackKitWire", targets: ["PackKitWire"]),
        .executable(name: "packkit-example", targets: ["packkit-example"]),
    ],
    dependencies: [
        // A range an app can share with its own swift-crypto. 3.x is included because 4.x needs
        // swift-tools 6.1; everything used here (Curve25519.Signing, SHA256) exists in both, and the SPKI
        // PEM is parsed by hand because Curve25519's pemRepresentation is only in 4.x's CryptoExtras.
        .package(url: "https://github.com/apple/swift-crypto", "3.0.0"..<"5.0.0")
    ],
    targets: [
        // Pure values: no networking, no files. The root package may depend on it by path.
        .target(name: "PackKitWire", dependencies: [.product(name: "Crypto", package: "swift-crypto")]),
        // The app's side: trust store, transfers on URLSession, the pack store and ODR's semantics.
        .target(name: "PackKit", dependencies: ["PackKitWire", .product(name: "Crypto", package: "swift-crypto")]),
        // The complete program of docs/packkit.md, verbatim: it must build against the public API alone.
        .executableTarget(name: "packkit-example", dependencies: ["PackKit"]),
        // The Background Assets glue (Sources/PackKit/BackgroundAssets, a symlink here) compiled against a
        // stub of Apple's documented signatures, so `swift build` type-checks it where BackgroundAssets
        // does not exist. Neither target is part of a product.
        .target(name: "BackgroundAssetsStub", path: "Checks/BackgroundAssetsStub"),
        .target(
            name: "BackgroundAssetsGlueCheck", dependencies: ["PackKit", "BackgroundAssetsStub"],
            path: "Checks/BackgroundAssetsGlueCheck", swiftSettings: [.define("PACKKIT_BACKGROUND_ASSETS_STUB")]),
        // Signs manifests exactly as the server does, for both test targets.
        .target(
            name: "PackKitTestSupport",
            dependencies: ["PackKitWire", .product(name: "Crypto", package: "swift-crypto")],
            path: "Tests/PackKitTestSupport"),
        .testTarget(name: "PackKitWireTests", dependencies: ["PackKitWire", "PackKitTestSupport"]),
        .testTarget(name: "PackKitTests", dependencies: ["PackKit", "PackKitWire", "PackKitTestSupport"]),
    ]
)
