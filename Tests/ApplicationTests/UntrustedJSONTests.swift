import AppleArchive
import AppleArchiveTestSupport
import Foundation
import PackServeTesting
import Testing

/// Round 3, finding 1 and "one set of limits for untrusted JSON": an upload-scope token (what CI holds) sent
/// an archive whose `userInfo` nested 511 levels and `serve` died on a `try!`. The same limits (64 levels, 64
/// KiB, no duplicate keys) now hold on an upload and on PATCH, each refusal is a 400, and the server stays up.
@Suite struct UntrustedJSONTests {
    static func nested(_ levels: Int) -> String {
        String(repeating: "[", count: levels) + "1" + String(repeating: "]", count: levels)
    }

    static func archive(manifest: String) -> [UInt8] {
        ArchiveWriter.archive([.directory(""), .manifest(manifest), .file("a.bin", [1, 2, 3])])
    }

    @Test func aDeeplyNestedArchiveIsRefusedAndServeStaysUp() async throws {
        let session = try await AdminCaller.start(tokens: ["ci": "upload"])
        let file = session.server.directory.file("deep.aar")
        try Data(Self.archive(manifest: #"{"assetPackID":"deep","userInfo":\#(Self.nested(511))}"#))
            .write(to: URL(fileURLWithPath: file))
        let refused = try await session.upload(file, id: "deep")
        #expect(refused.status == 400, "\(refused.text)")
        #expect(refused.text.contains("Manifest.json: not valid JSON: 1:"), "\(refused.text)")
        #expect(refused.text.contains("nested deeper than 65 levels"), "\(refused.text)")

        let duplicate = session.server.directory.file("twice.aar")
        try Data(Self.archive(manifest: #"{"assetPackID":"twice","assetPackID":"deep"}"#)).write(to: URL(fileURLWithPath: duplicate))
        let twice = try await session.upload(duplicate, id: "twice")
        #expect(twice.status == 400 && twice.text.contains(#"duplicate key \"assetPackID\""#), "\(twice.text)")

        #expect(try await session.server.client.get("/healthz").status == 200)
        let fits = session.server.directory.file("fits.aar")
        try Data(Self.archive(manifest: #"{"assetPackID":"fits","userInfo":\#(Self.nested(64))}"#)).write(to: URL(fileURLWithPath: fits))
        let accepted = try await session.upload(fits, id: "fits")
        #expect(accepted.status == 201, "\(accepted.text)")
    }

    @Test func patchTakesSixtyFourLevelsAndNoMore() async throws {
        let session = try await AdminCaller.start(tokens: ["ci": "upload,publish"])
        let file = try session.server.directory.randomFile("plain.bin", count: 100)
        #expect(try await session.upload(file, id: "plain").status == 201)

        let fits = try await session.request("PATCH", "/admin/packs/plain", token: "ci", json: #"{"userInfo":\#(Self.nested(64))}"#)
        #expect(fits.status == 200, "\(fits.text)")
        let deep = try await session.request("PATCH", "/admin/packs/plain", token: "ci", json: #"{"userInfo":\#(Self.nested(65))}"#)
        #expect(deep.status == 400, "\(deep.text)")
        #expect(deep.text.contains("body:1:77: nested deeper than 65 levels"), "\(deep.text)")
        let large = "\"" + String(repeating: "x", count: 60_000) + "\""
        let tooLarge = try await session.request(
            "PATCH", "/admin/packs/plain", token: "ci", json: #"{"userInfo":[\#(large),\#(large)]}"#)
        // The body's own limit (limits.maxAdminBodyBytes, 64 KiB) comes first.
        #expect(tooLarge.status == 413, "\(tooLarge.text)")
        let duplicate = try await session.request("PATCH", "/admin/packs/plain", token: "ci", json: #"{"userInfo":{"a":1,"a":2}}"#)
        #expect(duplicate.status == 400 && duplicate.text.contains(#"duplicate key \"userInfo.a\""#), "\(duplicate.text)")
    }
}
