// A complete program: makes every pack of the tags given as arguments available in a local store,
// resuming what an earlier (killed) run left, and prints "<id> <local path>" per pack.
//
//   PACKKIT_BASE_URL    the server, e.g. https://assets.example.com
//   PACKKIT_PUBLIC_KEY  path to the SPKI PEM public key (`packserve key`)
//   PACKKIT_STORE       a directory for packs, partial downloads and the rollback state
//   PACKKIT_CHANNEL     optional; production by default

import Foundation
import PackKit

func fail(_ line: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data((line + "\n").utf8))
    exit(status)
}

let environment = ProcessInfo.processInfo.environment
guard let base = environment["PACKKIT_BASE_URL"].flatMap(URL.init(string:)),
      let keyPath = environment["PACKKIT_PUBLIC_KEY"], let storePath = environment["PACKKIT_STORE"]
else { fail("set PACKKIT_BASE_URL, PACKKIT_PUBLIC_KEY and PACKKIT_STORE", status: 2) }

let key: PinnedKey
do {
    key = try PinnedKey(pem: String(contentsOfFile: keyPath, encoding: .utf8))
} catch {
    fail("public key \(keyPath): \(error)", status: 2)
}

let catalog: PackCatalog
do {
    let configuration = PackCatalogConfiguration(
        baseURL: base, keys: [key], channel: environment["PACKKIT_CHANNEL"] ?? "production")
    catalog = try PackCatalog(configuration: configuration, storeDirectory: URL(fileURLWithPath: storePath))
} catch {
    fail("\(error)", status: 2)
}

// Verification and the rollback guard come first: nothing is downloaded for a manifest they refuse.
// (When the server cannot be reached, the manifest accepted last time is used: packs stay usable.)
do {
    _ = try await catalog.manifest()
} catch {
    fail("\(error)")
}

do {
    for pack in try await catalog.makeAvailable(tags: Set(CommandLine.arguments.dropFirst())) {
        print("\(pack.id) \(pack.url.path)")
    }
} catch {
    fail("\(error)")
}
