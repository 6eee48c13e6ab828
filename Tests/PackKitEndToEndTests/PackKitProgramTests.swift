import CDNSimulation
import Foundation
import Polling
import Testing

/// Issue 35, "Done means" 2 and 3: the complete program of docs/packkit.md, copied out of the document into
/// a package of its own that depends on `PackKit/` by path (which resolves swift-crypto and swift-asn1
/// alone), and run — as PackKit's `packkit-example`, the same bytes built beside the tests — against the real
/// server: it makes a tag's packs available, resumes after a
/// `kill -9`, and refuses a manifest signed by another key or a tag the manifest lacks, with one line and
/// no download.
@Suite struct PackKitProgram {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The document's program: checked byte for byte against PackKit's `packkit-example` (built beside these
    /// tests, from PackKit's package, against its public API alone), and resolved as an app's own package that
    /// depends on `PackKit/` by path would be; its binary.
    static func buildProgram(in work: TemporaryDirectory) async throws -> String {
        let document = try String(contentsOf: repository.appendingPathComponent("docs/packkit.md"), encoding: .utf8)
        let blocks = document.components(separatedBy: "```swift\n").dropFirst()
        #expect(blocks.count == 1, "docs/packkit.md holds exactly one swift block")
        let program = try #require(blocks.first?.components(separatedBy: "```").first)
        #expect(document.components(separatedBy: "## A complete program").count == 2)
        let example = try String(
            contentsOf: repository.appendingPathComponent("PackKit/Sources/packkit-example/main.swift"), encoding: .utf8)
        #expect(program == example, "PackKit's packkit-example is the document's program, byte for byte")
        let package = try work.directory("program")
        try FileManager.default.createDirectory(atPath: "\(package)/Sources/program", withIntermediateDirectories: true)
        try program.write(toFile: "\(package)/Sources/program/main.swift", atomically: true, encoding: .utf8)
        try """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "program",
                dependencies: [.package(path: "\(repository.path)/PackKit")],
                targets: [.executableTarget(name: "program", dependencies: [.product(name: "PackKit", package: "PackKit")])]
            )
            """.write(toFile: "\(package)/Package.swift", atomically: true, encoding: .utf8)
        // "Done means" 3: an app that adds PackKit resolves swift-crypto and what it needs, nothing else. Only
        // resolved: compiling it would build swift-crypto a second time for the same program.
        try await ChildProcess.run(
            try ExternalTool.path(of: "swift"), ["package", "resolve", "--package-path", package, "--scratch-path", work.file("scratch")],
            timeout: .seconds(300))
        let resolved = try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: "\(package)/Package.resolved"))) as? [String: Any]
        let pins = (resolved?["pins"] as? [[String: Any]] ?? []).compactMap { $0["identity"] as? String }
        #expect(pins.sorted() == ["swift-asn1", "swift-crypto"], "\(pins)")
        return try PackServeBinary.path(of: "packkit-example")
    }

    /// The program with the environment the document names.
    static func run(
        _ program: String, tags: [String], base: String, key: String, store: String
    ) throws -> ChildProcess {
        try ChildProcess(
            program, tags,
            environment: ProcessInfo.processInfo.environment.merging([
                "PACKKIT_BASE_URL": base, "PACKKIT_PUBLIC_KEY": key, "PACKKIT_STORE": store,
            ]) { $1 })
    }

    /// Regular files under `directory` of at least `bytes`.
    static func files(under directory: String, atLeast bytes: Int) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: directory)
        var found: [String] = []
        while let name = enumerator?.nextObject() as? String {
            let type = enumerator?.fileAttributes?[.type] as? FileAttributeType
            if type == .typeRegular, (enumerator?.fileAttributes?[.size] as? Int ?? 0) >= bytes { found.append(name) }
        }
        return found
    }

    @Test func theDocumentedProgramDownloadsResumesAndRefuses() async throws {
        let work = try TemporaryDirectory("packserve-e2e-packkit")
        let program = try await Self.buildProgram(in: work)

        let ports = try await FreePorts.pick(2)
        let relayBase = "http://127.0.0.1:\(ports[1])"
        let store = try StoreWorkspace()
        try await store.run(["add", try store.randomFile("forest.bin", count: 300_000), "--id", "forest", "--tag", "forest"])
        try await store.run(["add", try store.randomFile("big.bin", count: 12 << 20), "--id", "big", "--tag", "big"])
        let environment = ["PACKSERVE_PUBLICBASEURL": relayBase]
        try await store.run(["publish"], environment: environment)
        let server = try await store.serve(environment: environment.merging(["PACKSERVE_LISTEN_PORT": "\(ports[0])"]) { $1 })
        // The relay holds the transfer once the server has sent 4 MiB in all: the big pack is partly down.
        let relay = try await CountingRelay(port: ports[1], upstreamPort: ports[0], actions: [.pause(at: 4 << 20)])
        let key = work.file("manifest-signing.pub")
        try await ChildProcess.run(try ExternalTool.path(of: "openssl"), [
            "pkey", "-in", "\(store.dataDirectory)/keys/manifest-signing.key", "-pubout", "-out", key,
        ])
        let packs = try work.directory("packs")

        // A tag's pack: one line "<id> <path>", the file the server's bytes.
        let forest = try Self.run(program, tags: ["forest"], base: relayBase, key: key, store: packs)
        #expect(try await forest.exitStatus(within: .seconds(120)) == 0, "\(forest.stderr.text)")
        let line = forest.stdout.text.trimmingCharacters(in: .newlines).split(separator: " ", maxSplits: 1)
        #expect(line.first == "forest" && line.count == 2, "\(forest.stdout.text)")
        let served = try await StoreResponse.get("http://127.0.0.1:\(ports[0])/packs/forest").body
        #expect(FileManager.default.contents(atPath: String(line.last ?? "")) == served)

        // Killed while the relay holds the big pack: the next run asks the server only for the rest.
        let killed = try Self.run(program, tags: ["big"], base: relayBase, key: key, store: packs)
        try await relay.awaitPause(1)
        let arrived = try await Poll.until(within: .seconds(30)) {
            Self.files(under: packs, atLeast: 1 << 20).contains { $0.hasSuffix(".partial") }
        }
        let partial = try #require(Self.files(under: packs, atLeast: 1 << 20).first { $0.hasSuffix(".partial") }, "\(arrived)")
        killed.signal(SIGKILL)
        _ = try await killed.exitStatus(within: .seconds(10))
        relay.resume()
        let kept = (try FileManager.default.attributesOfItem(atPath: "\(packs)/\(partial)")[.size] as? Int) ?? 0
        let sentBefore = try await relay.bytesFromServerWhenIdle()
        let resumed = try Self.run(program, tags: ["big"], base: relayBase, key: key, store: packs)
        #expect(try await resumed.exitStatus(within: .seconds(120)) == 0, "\(resumed.stderr.text)")
        #expect(resumed.stdout.text.hasPrefix("big "), "\(resumed.stdout.text)")
        let rerun = try await relay.bytesFromServer() - sentBefore
        // The rest of the pack, plus the manifest and the response heads (a few KiB): nothing sent twice.
        #expect(rerun >= (12 << 20) - kept && rerun < (12 << 20) - kept + (64 << 10), "\(rerun) bytes for \(kept) kept")

        // Another key's manifest: one line, exit 1, nothing downloaded.
        try await store.run(["keygen", "--out", try work.directory("other")])
        let fresh = try work.directory("fresh")
        let sentBeforeOtherKey = try await relay.bytesFromServer()
        let otherKey = try Self.run(
            program, tags: ["forest"], base: relayBase, key: work.file("other/manifest-signing.pub"), store: fresh)
        #expect(try await otherKey.exitStatus(within: .seconds(60)) == 1)
        #expect(otherKey.stderr.lines.count == 1 && otherKey.stderr.text.contains("key id"), "\(otherKey.stderr.text)")
        #expect(otherKey.stdout.text.isEmpty)
        #expect(try await relay.bytesFromServer() - sentBeforeOtherKey < 64 << 10, "the manifest only")
        #expect(Self.files(under: fresh, atLeast: 1_000).isEmpty, "nothing downloaded")

        // A tag the manifest lacks: one line naming it, a non-zero exit.
        let unknown = try Self.run(program, tags: ["desert"], base: relayBase, key: key, store: packs)
        let status = try await unknown.exitStatus(within: .seconds(60))
        #expect(status != 0 && status != nil)
        #expect(unknown.stderr.lines.count == 1 && unknown.stderr.text.contains("desert"), "\(unknown.stderr.text)")
        #expect(try await server.stop() == 0)
    }

    /// The rollback guard across processes, and a corrupted byte on the server: the program accepts
    /// version 2, then — the server's index restored from a backup taken at version 1 — refuses the older
    /// manifest with one line and downloads nothing; a pack whose stored bytes lost one bit is refused and
    /// not installed.
    @Test func anOlderManifestAfterARestoreAndACorruptedPackAreRefused() async throws {
        let work = try TemporaryDirectory("packserve-e2e-packkit")
        let program = try await Self.buildProgram(in: work)
        let port = try await FreePorts.pick(1)[0]
        let base = "http://127.0.0.1:\(port)"
        let store = try StoreWorkspace()
        let environment = ["PACKSERVE_PUBLICBASEURL": base, "PACKSERVE_LISTEN_PORT": "\(port)"]
        try await store.run(["add", try store.randomFile("forest.bin", count: 300_000), "--id", "forest", "--tag", "forest"])
        try await store.run(["publish"], environment: environment)
        let backup = work.file("data-at-version-1")
        try FileManager.default.copyItem(atPath: store.dataDirectory, toPath: backup)
        try await store.run(["add", try store.randomFile("lake.bin", count: 1_000), "--id", "lake", "--tag", "lake"])
        try await store.run(["publish"], environment: environment)
        let key = work.file("manifest-signing.pub")
        try await ChildProcess.run(try ExternalTool.path(of: "openssl"), [
            "pkey", "-in", "\(store.dataDirectory)/keys/manifest-signing.key", "-pubout", "-out", key,
        ])
        let packs = try work.directory("packs")

        var server = try await store.serve(environment: environment)
        let accepted = try Self.run(program, tags: ["lake"], base: base, key: key, store: packs)
        #expect(try await accepted.exitStatus(within: .seconds(120)) == 0, "\(accepted.stderr.text)")
        #expect(try await server.stop() == 0)

        // The operator restores yesterday's index: the same key now serves version 1.
        try FileManager.default.removeItem(atPath: store.dataDirectory)
        try FileManager.default.copyItem(atPath: backup, toPath: store.dataDirectory)
        server = try await store.serve(environment: environment)
        let refused = try Self.run(program, tags: ["forest"], base: base, key: key, store: packs)
        #expect(try await refused.exitStatus(within: .seconds(60)) == 1)
        #expect(refused.stderr.lines.count == 1 && refused.stderr.text.lowercased().contains("version"), "\(refused.stderr.text)")
        #expect(Self.files(under: packs, atLeast: 300_000).isEmpty, "forest was not downloaded")
        #expect(try await server.stop() == 0)

        // A flipped bit in the stored blob: a client with no history reads version 1, fetches, refuses.
        let listing = try await store.run(["ls", "--json"]).stdout
        let entries = try JSONSerialization.jsonObject(with: Data(listing.utf8)) as? [[String: Any]] ?? []
        let sha = try #require(entries.first { $0["id"] as? String == "forest" }?["sha256"] as? String)
        let blob = try FileHandle(forUpdating: URL(fileURLWithPath: store.blobPath(sha)))
        try blob.seek(toOffset: 150_000)
        let original = try #require(try blob.read(upToCount: 1)?.first)
        try blob.seek(toOffset: 150_000)
        try blob.write(contentsOf: Data([original ^ 0x01]))
        try blob.close()
        server = try await store.serve(environment: environment)
        let fresh = try work.directory("fresh")
        let corrupted = try Self.run(program, tags: ["forest"], base: base, key: key, store: fresh)
        #expect(try await corrupted.exitStatus(within: .seconds(120)) == 1)
        #expect(corrupted.stderr.lines.count == 1 && corrupted.stderr.text.contains("SHA-256"), "\(corrupted.stderr.text)")
        #expect(Self.files(under: fresh, atLeast: 1_000).isEmpty, "nothing installed, no partial kept")
        #expect(try await server.stop() == 0)
    }
}
