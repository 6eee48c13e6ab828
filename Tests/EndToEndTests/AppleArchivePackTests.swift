import Foundation
import AppleArchiveTestSupport
import CDNSimulation
import Testing

/// Issue 21, "Done means" 2 (archive half): a pack that is an Apple Archive (made here by the tests'
/// writer, docs/apple-archive.md) is read as it is added. Its Manifest.json gives the id, policy and
/// userInfo; contradictions are refused with nothing kept; plist counts its unpacked bytes; its Apple
/// version follows its content, not its timestamps.
@Suite struct AppleArchivePacks {
    /// A JSON value written out by one serializer with sorted keys: two values are equal as JSON exactly
    /// when these bytes are.
    static func normalized(_ value: Any?) throws -> String {
        guard let value else { return "missing" }
        return String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed]), as: UTF8.self)
    }

    static func normalized(json: String) throws -> String {
        try normalized(try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed))
    }

    static func archiveFile(_ store: StoreWorkspace, _ name: String, _ bytes: [UInt8] = SamplePack.archive()) throws -> String {
        let path = store.directory.file(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func listed(_ store: StoreWorkspace, _ arguments: [String] = []) async throws -> [[String: Any]] {
        let ls = try await store.run(["ls", "--json"] + arguments)
        return try #require(try JSONSerialization.jsonObject(with: Data(ls.stdout.utf8)) as? [[String: Any]])
    }

    @Test func addWithoutAnIDTakesTheArchivesAssetPackID() async throws {
        let store = try StoreWorkspace()
        let added = try await store.run(["add", try Self.archiveFile(store, "build-output.aar")])
        #expect(added.stdout.hasPrefix("added level-1 version 1: "), "\(added)")
        let packs = try await Self.listed(store)
        #expect(packs.count == 1)
        #expect(packs.first?["id"] as? String == "level-1")
        #expect(packs.first?["policy"] as? String == "prefetch")
        #expect(packs.first?["platforms"] as? [String] == ["ios", "macos"])
        let archive = try #require(packs.first?["archive"] as? [String: Any])
        #expect(archive["assetPackID"] as? String == "level-1")
        #expect(archive["entries"] as? Int == 6)
        #expect(archive["installedBytes"] as? Int == Int(SamplePack.installedBytes))
        // A managed device can install it: `check --managed` has nothing to say about it.
        let check = try await store.run(["check", "--managed"])
        #expect(!check.stdout.contains("level-1"), "\(check)")
    }

    @Test(arguments: [
        (["--id", "level-2"], #"its Manifest.json says assetPackID "level-1", not "level-2"; nothing was added"#),
        (["--policy", "essential"], "its Manifest.json says downloadPolicy prefetch, not essential; nothing was added"),
        (["--platform", "tvos"], "its Manifest.json says platforms [ios,macos], not [tvos]; nothing was added"),
    ])
    func aContradictionIsRefusedAndNothingIsKept(options: [String], message: String) async throws {
        let store = try StoreWorkspace()
        let file = try Self.archiveFile(store, "level-1.aar")
        let add = try await store.attempt(["add", file] + options)
        #expect(add.status == 1, "\(add)")
        #expect(add.stderr == "Error: \(file): \(message)\n", "\(add)")
        #expect(try await Self.listed(store).isEmpty)
        let blobs = FileManager.default.enumerator(atPath: store.blobRoot)?.allObjects ?? []
        #expect(blobs.isEmpty, "blobs stored: \(blobs)")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: store.tempDirectory)) ?? []).isEmpty)
    }

    /// Round 3, finding 1: `add` of an archive whose userInfo nests 511 levels, and `set --user-info` of a file
    /// that does, exited 132 (a `try!`); each is now one line and exit 1.
    @Test func aDeeplyNestedUserInfoIsOneLine() async throws {
        let store = try StoreWorkspace()
        let deep = String(repeating: "[", count: 511) + String(repeating: "]", count: 511)
        let archive = ArchiveWriter.archive([.directory(""), .manifest(#"{"assetPackID":"deep","userInfo":\#(deep)}"#)])
        let file = try Self.archiveFile(store, "deep.aar", archive)
        let add = try await store.attempt(["add", file])
        #expect(add.status == 1, "\(add)")
        #expect(add.stderr.split(separator: "\n").count == 1, "\(add)")
        #expect(add.stderr == "Error: \(file): not a valid Apple Archive: Manifest.json: not valid JSON: 1:98: nested deeper "
            + "than 65 levels (at byte 35); nothing was added\n", "\(add)")

        _ = try await store.run(["add", try store.randomFile("plain.bin", count: 10), "--id", "plain"])
        let info = store.directory.file("deep.json")
        try Data(deep.utf8).write(to: URL(fileURLWithPath: info))
        let set = try await store.attempt(["set", "plain", "--user-info", info])
        #expect(set.status == 1, "\(set)")
        #expect(set.stderr == "Error: userInfo is not one JSON document: 1:65: nested deeper than 64 levels\n", "\(set)")
    }

    /// Round 3, finding 1, through the real binary: an upload-scope token sent the 511-deep archive and every
    /// connection dropped. It is a 400 now, nothing is kept, and the server answers the next request.
    @Test func aDeeplyNestedUploadIsRefusedAndServeStaysUp() async throws {
        let session = try await AdminSession.start(tokens: ["ci": "upload"])
        let deep = String(repeating: "[", count: 511) + String(repeating: "]", count: 511)
        let archive = ArchiveWriter.archive([.directory(""), .manifest(#"{"assetPackID":"deep","userInfo":\#(deep)}"#)])
        let refused = try await session.upload(try Self.archiveFile(session.store, "deep.aar", archive), id: "deep")
        #expect(refused.status == 400, "\(refused.text)")
        #expect(refused.text.contains("nested deeper than 65 levels"), "\(refused.text)")
        #expect(try session.storedFiles().isEmpty)
        #expect(try await StoreResponse.get(session.server.url("/healthz")).status == 200)
        #expect(try await session.server.stop() == 0)
    }

    /// The archive's userInfo reaches the device equal as JSON; a pack that is no archive keeps PackServe's
    /// own until `set --user-info` gives it one.
    @Test func userInfoInTheDownloadManifest() async throws {
        let store = try StoreWorkspace()
        try await store.run(["add", try Self.archiveFile(store, "level-1.aar")])
        try await store.run(["add", try store.randomFile("plain.bin", count: 100), "--id", "plain"])
        try await store.run(["add", try store.randomFile("other.bin", count: 100), "--id", "other"])
        let info = store.directory.file("info.json")
        try Data(#"{"kind":"plain","levels":[1,2]}"#.utf8).write(to: URL(fileURLWithPath: info))
        try await store.run(["set", "other", "--user-info", info])
        let refused = try await store.attempt(["set", "level-1", "--user-info", info])
        #expect(refused.stderr == "Error: level-1 is an Apple Archive: its userInfo is the one in its Manifest.json; add a new archive to change it\n", "\(refused)")
        try await store.run(["publish"])
        let server = try await store.serve()
        let response = try await StoreResponse.get(server.url("/download-manifest.json"))
        #expect(try await server.stop() == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        let packs = try #require(document["assetPacks"] as? [[String: Any]])
        let userInfo = Dictionary(uniqueKeysWithValues: packs.map { ($0["id"] as? String ?? "", $0["userInfo"]) })
        // As the developer wrote it in Manifest.json (SamplePack), whatever the spacing and key order.
        #expect(try Self.normalized(userInfo["level-1"] ?? nil)
            == (try Self.normalized(json: #"{ "tags": ["a/b", true, null, 1.5], "name": "Forest", "difficulty": 3 }"#)),
            "\(response.text)")
        #expect(try Self.normalized(userInfo["other"] ?? nil) == (try Self.normalized(json: #"{"kind":"plain","levels":[1,2]}"#)))
        let own = try #require(userInfo["plain"] as? [String: Any])
        #expect(Set(own.keys) == ["release", "sha256", "tags"])
    }

    @Test func plistCountsUnpackedBytes() async throws {
        let store = try StoreWorkspace()
        try await store.run(["add", try Self.archiveFile(store, "level-1.aar")])
        try await store.run(["publish"])
        let plist = try await store.run(["plist", "--json"])
        let keys = try #require(try JSONSerialization.jsonObject(with: Data(plist.stdout.utf8)) as? [String: Any])
        #expect(keys["BAMaxInstallSize"] as? Int == Int(SamplePack.installedBytes), "\(plist)")
        #expect(Int(SamplePack.installedBytes) != SamplePack.archive().count)
    }

    /// The same files archived again at another time (other mtimes, entries in another order) are other
    /// bytes but the same content: the Apple version stays, so devices download nothing. A changed file
    /// raises it.
    @Test func aTimestampOnlyRebuildKeepsTheAppleVersion() async throws {
        let store = try StoreWorkspace()
        try await store.run(["add", try Self.archiveFile(store, "v1.aar")])
        try await store.run(["publish"])
        let rebuilt = SamplePack.archive(modified: 1_798_761_600, reversed: true)
        #expect(rebuilt != SamplePack.archive())
        try await store.run(["add", try Self.archiveFile(store, "v1-rebuilt.aar", rebuilt)])
        try await store.run(["publish"])
        var changed = SamplePack.fileBytes
        changed[17] ^= 1
        try await store.run(["add", try Self.archiveFile(store, "v2.aar", SamplePack.archive(fileBytes: changed))])
        try await store.run(["publish"])
        let versions = try await (1...3).asyncMap { release in
            try await Self.listed(store, ["--release", String(release)]).first?["appleVersion"] as? Int
        }
        #expect(versions == [1, 1, 2])
        let server = try await store.serve()
        let response = try await StoreResponse.get(server.url("/download-manifest.json"))
        #expect(try await server.stop() == 0)
        #expect(response.text.contains(#""version":2"#), "\(response.text)")
    }

    /// The admin API's upload reads archives the same way: a contradicting id is 409 and keeps nothing;
    /// `push --user-info` gives a pack that is no archive its own userInfo.
    @Test func uploadsAndPush() async throws {
        let session = try await AdminSession.start(tokens: ["ci": "upload,publish,read"])
        let archive = try Self.archiveFile(session.store, "level-1.aar")
        let refused = try await session.upload(archive, id: "level-2")
        #expect(refused.status == 409, "\(refused.text)")
        #expect(refused.text.contains(#"its Manifest.json says assetPackID \"level-1\", not \"level-2\""#), "\(refused.text)")
        #expect(try session.storedFiles().isEmpty)
        let otherPlatform = try await session.upload(archive, id: "level-1", query: "platform=tvos&policy=prefetch")
        #expect(otherPlatform.status == 409, "\(otherPlatform.text)")
        #expect(otherPlatform.text.contains("its Manifest.json says platforms [ios,macos], not [tvos]"), "\(otherPlatform.text)")
        #expect(try session.storedFiles().isEmpty)
        let accepted = try await session.upload(archive, id: "level-1", query: "platform=macos&platform=ios")
        #expect(accepted.status == 201, "\(accepted.text)")
        let pack = try #require(AdminSession.json(accepted) as? [String: Any])
        #expect((pack["archive"] as? [String: Any])?["installedBytes"] as? Int == Int(SamplePack.installedBytes))

        let tokenFile = session.store.directory.file("ci.token")
        try Data((session.tokens["ci"]! + "\n").utf8).write(to: URL(fileURLWithPath: tokenFile))
        let info = session.store.directory.file("info.json")
        try Data(#"{"kind":"pushed"}"#.utf8).write(to: URL(fileURLWithPath: info))
        let push = try await session.store.run([
            "push", try session.store.randomFile("plain.bin", count: 64), "--id", "plain", "--server",
            session.server.url(""), "--token-file", tokenFile, "--user-info", info, "--publish",
        ])
        #expect(push.stdout.contains("set plain's userInfo"), "\(push)")
        try await session.server.awaitRelease(1)
        let document = try await StoreResponse.get(session.server.url("/download-manifest.json")).text
        #expect(document.contains(#""userInfo":{"kind":"pushed"}"#), "\(document)")
        #expect(try await session.server.stop() == 0)
    }
}

private extension ClosedRange where Bound == Int {
    func asyncMap<T>(_ transform: (Int) async throws -> T) async throws -> [T] {
        var results: [T] = []
        for value in self { results.append(try await transform(value)) }
        return results
    }
}
