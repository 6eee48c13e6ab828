import Foundation
import CDNSimulation
import Polling
import Testing

extension EndToEnd {
    /// Issue 22, "Done means" 1: the shipped deploy/varnish/packserve.vcl and deploy/nginx/packserve-cache.conf
    /// in real Varnish and real nginx in front of a real `serve`.
    @Suite struct CDN {
        static let packSize = 8 << 20
        /// Inclusive byte ranges of the 8 MiB pack: the start, across the 4 MiB slice boundary, across
        /// several slices, the last bytes. `-1000` (the last 1000 bytes) is asked separately.
        static let ranges: [ClosedRange<Int>] = [0...99, 4_194_000...4_194_999, 1_000_000...6_000_000, 8_388_000...8_388_607]

        @Test(arguments: CacheEngine.allCases)
        func coldAndWarmRangesAreByteExact(engine: CacheEngine) async throws {
            let store = try StoreWorkspace()
            let file = try store.randomFile("big.bin", count: Self.packSize)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
            let sha = try await ExternalTool.sha256(of: file)
            try await store.run(["add", file, "--id", "big"])
            try await store.run(["publish"])
            let stack = try await CDNStack(engine, store: store, sharedMaxAgeSeconds: 60)

            for path in ["/blobs/sha256/\(sha)", "/packs/big"] {
                for phase in ["cold", "warm"] {
                    for range in Self.ranges {
                        let response = try await StoreResponse.get(
                            stack.cache.url(path), curlArguments: ["-r", "\(range.lowerBound)-\(range.upperBound)"])
                        #expect(response.status == 206, "\(engine) \(phase) \(path) \(range): \(response.status)\n\(stack.diagnostics)")
                        #expect(response.body == bytes[range], "\(engine) \(phase) \(path) \(range): \(response.body.count) bytes, not the file's")
                        if phase == "warm" {
                            #expect(response.headers["x-cache"] == "HIT", "\(engine) warm \(path) \(range): X-Cache \(response.headers["x-cache"] ?? "none")")
                        }
                    }
                    let suffix = try await StoreResponse.get(stack.cache.url(path), curlArguments: ["-r", "-1000"])
                    #expect(suffix.status == 206 && suffix.body == bytes.suffix(1000), "\(engine) \(phase) \(path) last 1000 bytes: \(suffix.status), \(suffix.body.count) bytes")
                }
                let whole = try await StoreResponse.get(stack.cache.url(path))
                #expect(whole.status == 200 && whole.body == bytes, "\(engine) \(path) whole: \(whole.status), \(whole.body.count) bytes")
            }
            // Warm ranges and the whole body came from the cache: the origin sent each path's bytes in at most
            // the cold phase's requests (one whole fetch for Varnish and for nginx's /packs, one per 4 MiB slice
            // for nginx's /blobs).
            for path in ["/blobs/sha256/\(sha)", "/packs/big"] {
                let requests = stack.originRequests(path)
                #expect(requests.count <= 2, "\(engine): the origin saw \(requests.count) requests for \(path):\n\(requests.joined(separator: "\n"))")
            }
        }

        @Test(arguments: CacheEngine.allCases)
        func expiredDocumentsAreRevalidatedWithA304(engine: CacheEngine) async throws {
            let store = try StoreWorkspace()
            try await store.run(["add", try store.randomFile("small.bin", count: 10_000), "--id", "small"])
            try await store.run(["publish"])
            // No purge: the one `serve` sends when it loads its first release may reach Varnish after the
            // cache's first fetch and rightly cause a second full one, which this test counts.
            let stack = try await CDNStack(engine, store: store, sharedMaxAgeSeconds: 1, purge: false)
            let path = "/download-manifest.json"
            let expected = try await StoreResponse.get(stack.origin.url(path)).body
            let originStatus = { stack.originRequests(path).filter { $0.contains("\" 200 ") } }
            // The direct fetch above, once its access-log line is out (it follows the answer by a moment).
            let before = try await stack.origin.awaitAccessLogLines(path: path, status: 200).count

            // Past s-maxage the cache must ask again, and the origin (nothing changed) answers 304.
            // The cache's s-maxage runs on its own clock: asked every 250 ms until it revalidates.
            var revalidations: [String] = []
            try await Poll.until(within: .seconds(8), every: .milliseconds(250)) {
                let response = try await StoreResponse.get(stack.cache.url(path))
                #expect(response.status == 200 && response.body == expected, "\(engine): \(response.status) \(response.text)")
                revalidations = stack.origin.accessLogLines(path: path, status: 304)
                return !revalidations.isEmpty
            }
            #expect(!revalidations.isEmpty, "\(engine) did not revalidate \(path) within 8 s (s-maxage 1):\n\(stack.diagnostics)")
            for line in revalidations {
                #expect(line.contains("\" 304 0 "), "a 304 with a body: \(line)")
            }
            // One full fetch by the cache; every later one was a revalidation.
            #expect(originStatus().count - before == 1, "\(engine) refetched \(path) in full:\n\(stack.originRequests(path).joined(separator: "\n"))")
        }

        @Test(arguments: CacheEngine.allCases)
        func aNotFoundIsNotKept(engine: CacheEngine) async throws {
            let store = try StoreWorkspace()
            try await store.run(["add", try store.randomFile("first.bin", count: 10_000), "--id", "first"])
            try await store.run(["publish"])
            let stack = try await CDNStack(engine, store: store, sharedMaxAgeSeconds: 60)
            let late = try store.randomFile("late.bin", count: 300_000)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: late))
            let paths = ["/blobs/sha256/\(try await ExternalTool.sha256(of: late))", "/packs/late"]

            for path in paths {
                for _ in 0..<2 {
                    let early = try await StoreResponse.get(stack.cache.url(path))
                    #expect(early.status == 404, "\(engine) \(path) before its publish: \(early.status)")
                    #expect(early.headers["cache-control"] == "no-store", "\(engine) \(path): \(early.headers)")
                }
            }
            try await store.run(["add", late, "--id", "late"])
            try await stack.publish(expecting: 2)
            for path in paths {
                let response = try await StoreResponse.get(stack.cache.url(path))
                #expect(response.status == 200 && response.body == bytes, "\(engine) \(path) right after its publish: \(response.status), \(response.body.count) bytes\n\(stack.diagnostics)")
            }
        }
    }
}
