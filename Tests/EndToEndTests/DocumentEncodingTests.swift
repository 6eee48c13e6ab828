import Foundation
import Testing

extension EndToEnd {
    /// Issue 11, "Done means" 3: the JSON documents gzip-coded when asked, decompressing (with Python's gzip,
    /// not ours) to the identity bytes, each representation with its own ETag, `Vary`, 304s and ranges on the
    /// bytes sent; packs never re-encoded; `/tags…` and `/releases` with ETags and conditional GET.
    @Suite struct DocumentEncoding {
        static func gunzip(_ data: Data) async throws -> Data {
            let work = try TemporaryDirectory("packserve-e2e-gunzip")
            let input = work.file("body.gz")
            _ = FileManager.default.createFile(atPath: input, contents: data)
            let run = try await ChildProcess.run(
                try ExternalTool.path(of: "python3"),
                ["-c", "import gzip, sys; sys.stdout.buffer.write(gzip.decompress(open(sys.argv[1], 'rb').read()).hex().encode())", input])
            return Data(hexadecimal: run.stdout.text)
        }

        @Test func documentsAreSentGzipCodedWithTheirOwnValidators() async throws {
            let store = try StoreWorkspace()
            var files: [String] = []
            for index in 0..<12 {
                files.append(try store.randomFile("p\(index).aar", count: 1_000 + index))
                try await store.run(["add", files[index], "--id", "pack-\(index)",
                                     "--tag", index % 2 == 0 ? "even" : "odd", "--tag", "all"])
            }
            try await store.run(["publish", "--note", "first of several releases, so /releases is worth compressing"])
            try await store.run(["rm", "pack-11"])
            try await store.run(["publish", "--note", "second, with a note long enough to take the history past the size worth compressing"])
            let server = try await store.serveAtItsPublicURL()
            try await server.awaitRelease(2)

            var tags: Set<String> = []
            for path in ["/manifest.json", "/manifest", "/download-manifest.json", "/tags/even", "/tags?tag=even&tag=odd",
                         "/releases"] {
                let identity = try await StoreResponse.get(server.url(path))
                let coded = try await StoreResponse.get(server.url(path), curlArguments: ["-H", "Accept-Encoding: gzip"])
                #expect(identity.status == 200 && coded.status == 200, "\(path): \(identity.text)")
                #expect(identity.headers["content-encoding"] == nil && coded.headers["content-encoding"] == "gzip", "\(path)")
                #expect(identity.headers["vary"] == "Accept-Encoding" && coded.headers["vary"] == "Accept-Encoding", "\(path)")
                #expect(coded.body.count < identity.body.count, "\(path): \(coded.body.count) vs \(identity.body.count)")
                #expect(try await Self.gunzip(coded.body) == identity.body, "\(path)")
                let identityTag = try #require(identity.headers["etag"], "\(path)")
                let codedTag = try #require(coded.headers["etag"], "\(path)")
                #expect(identityTag != codedTag && !tags.contains(identityTag), "\(path)")
                tags.formUnion([identityTag, codedTag])
                // Each representation revalidates against its own tag only.
                let same = try await StoreResponse.get(
                    server.url(path), curlArguments: ["-H", "Accept-Encoding: gzip", "-H", "If-None-Match: \(codedTag)"])
                #expect(same.status == 304 && same.body.isEmpty && same.headers["etag"] == codedTag, "\(path)")
                let crossed = try await StoreResponse.get(
                    server.url(path), curlArguments: ["-H", "Accept-Encoding: gzip", "-H", "If-None-Match: \(identityTag)"])
                #expect(crossed.status == 200, "\(path)")
                #expect(try await StoreResponse.get(server.url(path), curlArguments: ["-H", "If-None-Match: \(identityTag)"]).status == 304)
                // A range is a range of the bytes sent.
                let head = try await StoreResponse.get(server.url(path), curlArguments: ["-H", "Accept-Encoding: gzip", "-r", "0-9"])
                #expect(head.status == 206 && head.body == coded.body.prefix(10), "\(path)")
                #expect(head.headers["content-range"] == "bytes 0-9/\(coded.body.count)", "\(path)")
            }

            // Packs are archives: never re-encoded, whatever the client accepts.
            let pack = try await StoreResponse.get(server.url("/packs/pack-0"), curlArguments: ["-H", "Accept-Encoding: gzip"])
            #expect(pack.status == 200 && pack.headers["content-encoding"] == nil && pack.headers["vary"] == nil)
            #expect(pack.body == FileManager.default.contents(atPath: files[0]))

            // A tag document names its release: a new release is a new representation, and a revalidation
            // with the old tag gets the new document.
            let even = try #require(try await StoreResponse.get(server.url("/tags/even")).headers["etag"])
            try await store.run(["rm", "pack-9"])
            try await store.run(["publish"])
            try await server.awaitRelease(3)
            let evenAgain = try await StoreResponse.get(server.url("/tags/even"), curlArguments: ["-H", "If-None-Match: \(even)"])
            #expect(evenAgain.status == 200 && evenAgain.headers["etag"] != even && evenAgain.text.contains("\"release\":3"))
            #expect(try await server.stop() == 0)
        }
    }
}

extension Data {
    /// Bytes from lower-case hex digits (what the gunzip helper prints).
    fileprivate init(hexadecimal text: String) {
        var bytes: [UInt8] = []
        var digits = text.utf8.makeIterator()
        while let high = digits.next(), let low = digits.next() {
            func value(_ digit: UInt8) -> UInt8 { digit >= 97 ? digit - 87 : digit - 48 }
            bytes.append(value(high) << 4 | value(low))
        }
        self.init(bytes)
    }
}
