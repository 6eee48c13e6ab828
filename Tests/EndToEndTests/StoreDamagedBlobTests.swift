import Foundation
import CDNSimulation
import Testing

/// Issue 8: a blob damaged on disk is refused by `/blobs/sha256/{hex}` exactly as by `/packs/{id}`. Both
/// check the file's size against the index; before, `/blobs` sent a truncated blob as `200` under the
/// whole blob's strong ETag, so a client could cache the short body as the real one.
@Suite struct StoreDamagedBlob {
    @Test func truncatedAndMissingBlobsAreRefusedByBothRoutes() async throws {
        let store = try StoreWorkspace()
        var digests: [String: String] = [:]
        for id in ["old", "truncated", "missing"] {
            let file = try store.randomFile("\(id).bin", count: 40_000)
            try await store.run(["add", file, "--id", id])
            digests[id] = try await ExternalTool.sha256(of: file)
        }
        try await store.run(["publish"])
        // "old" gets a new version: release 2 no longer has its first blob, which stays served by digest.
        try await store.run(["add", try store.randomFile("old-v2.bin", count: 30_000), "--id", "old"])
        try await store.run(["publish"])

        for id in ["old", "truncated"] {
            let handle = try #require(FileHandle(forUpdatingAtPath: store.blobPath(digests[id]!)))
            try handle.truncate(atOffset: 20_000)
            try handle.close()
        }
        try FileManager.default.removeItem(atPath: store.blobPath(digests["missing"]!))

        let server = try await store.serve()
        for (label, path) in [
            ("truncated pack", "/packs/truncated"), ("truncated blob", "/blobs/sha256/\(digests["truncated"]!)"),
            ("truncated blob of release 1", "/blobs/sha256/\(digests["old"]!)"),
            ("missing pack", "/packs/missing"), ("missing blob", "/blobs/sha256/\(digests["missing"]!)"),
        ] {
            let response = try await StoreResponse.get(server.url(path))
            #expect(response.status == 500, "\(label): \(response.status)")
            #expect(response.headers["etag"] == nil, "\(label): \(response.headers)")
            #expect(response.headers["content-type"] == "application/problem+json", "\(label): \(response.headers)")
            #expect(response.body.count != 20_000, "\(label): the truncated bytes were sent")
        }
        // A digest the index does not know is not found, whether or not a file of that name exists.
        let stray = String(repeating: "cd", count: 32)
        try FileManager.default.createDirectory(
            atPath: (store.blobPath(stray) as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data("not in the index".utf8).write(to: URL(fileURLWithPath: store.blobPath(stray)))
        #expect(try await StoreResponse.get(server.url("/blobs/sha256/\(stray)")).status == 404)
        #expect(try await StoreResponse.get(server.url("/blobs/sha256/\(String(repeating: "0", count: 64))")).status == 404)
        #expect(try await server.stop() == 0, "\(server.child.stderr.lines.suffix(3))")
    }
}
