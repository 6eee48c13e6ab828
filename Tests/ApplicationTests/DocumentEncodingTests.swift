import Foundation
import PackServeTesting
import Testing

/// Issue 11, "Done means" 3: the JSON documents gzip-coded when asked, decompressing (with gzip, not ours) to
/// the identity bytes, each representation with its own ETag, `Vary`, 304s and ranges on the bytes sent; packs
/// never re-encoded; `/tags…` and `/releases` with ETags and conditional GET.
@Suite struct DocumentEncoding {
    @Test func documentsAreSentGzipCodedWithTheirOwnValidators() async throws {
        let server = try await InProcessPackServe.start()
        var files: [String] = []
        for index in 0..<12 {
            files.append(try server.addRandom(
                "p\(index).aar", count: 1_000 + index, id: "pack-\(index)", tags: [index % 2 == 0 ? "even" : "odd", "all"]))
        }
        try server.publish(note: "first of several releases, so /releases is worth compressing")
        try server.store.remove(id: "pack-11")
        #expect(try server.publish(note: "second, with a note long enough to take the history past the size worth compressing") == 2)
        let client = server.client
        let gzip = ("Accept-Encoding", "gzip")

        var tags: Set<String> = []
        for path in ["/manifest.json", "/manifest", "/download-manifest.json", "/tags/even", "/tags?tag=even&tag=odd",
                     "/releases"] {
            let identity = try await client.get(path)
            let coded = try await client.get(path, headers: [gzip])
            #expect(identity.status == 200 && coded.status == 200, "\(path): \(identity.text)")
            #expect(identity.headers["content-encoding"] == nil && coded.headers["content-encoding"] == "gzip", "\(path)")
            #expect(identity.headers["vary"] == "Accept-Encoding" && coded.headers["vary"] == "Accept-Encoding", "\(path)")
            #expect(coded.body.count < identity.body.count, "\(path): \(coded.body.count) vs \(identity.body.count)")
            #expect(try Gunzip.decompress(coded.body, in: server.directory.path) == identity.body, "\(path)")
            let identityTag = try #require(identity.headers["etag"], "\(path)")
            let codedTag = try #require(coded.headers["etag"], "\(path)")
            #expect(identityTag != codedTag && !tags.contains(identityTag), "\(path)")
            tags.formUnion([identityTag, codedTag])
            // Each representation revalidates against its own tag only.
            let same = try await client.get(path, headers: [gzip, ("If-None-Match", codedTag)])
            #expect(same.status == 304 && same.body.isEmpty && same.headers["etag"] == codedTag, "\(path)")
            #expect(try await client.get(path, headers: [gzip, ("If-None-Match", identityTag)]).status == 200, "\(path)")
            #expect(try await client.get(path, headers: [("If-None-Match", identityTag)]).status == 304)
            // A range is a range of the bytes sent.
            let head = try await client.get(path, headers: [gzip, ("Range", "bytes=0-9")])
            #expect(head.status == 206 && head.body == coded.body.prefix(10), "\(path)")
            #expect(head.headers["content-range"] == "bytes 0-9/\(coded.body.count)", "\(path)")
        }

        // Packs are archives: never re-encoded, whatever the client accepts.
        let pack = try await client.get("/packs/pack-0", headers: [gzip])
        #expect(pack.status == 200 && pack.headers["content-encoding"] == nil && pack.headers["vary"] == nil)
        #expect(pack.body == FileManager.default.contents(atPath: files[0]))

        // A tag document names its release: a new release is a new representation, and a revalidation
        // with the old tag gets the new document.
        let even = try #require(try await client.get("/tags/even").headers["etag"])
        try server.store.remove(id: "pack-9")
        #expect(try server.publish() == 3)
        let evenAgain = try await client.get("/tags/even", headers: [("If-None-Match", even)])
        #expect(evenAgain.status == 200 && evenAgain.headers["etag"] != even && evenAgain.text.contains("\"release\":3"))
        await server.stop()
    }
}
