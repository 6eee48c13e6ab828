import Foundation
import CDNSimulation
import Testing

extension EndToEnd {
    /// Issue 3, "Done means" 2: while clients keep downloading `/packs/{id}`, releases published by another
    /// process go live within a second, and every body a client receives is one published version, whole.
    @Suite struct StoreReleaseSwap {
        static let swaps = 6
        static let packSize = 4 << 20

        @Test func publishReachesARunningServerWithinOneSecondUnderLoad() async throws {
            let store = try StoreWorkspace()
            var versions: [String] = []
            for index in 0...Self.swaps {
                versions.append(try await ExternalTool.sha256(of: try store.randomFile("v\(index).bin", count: Self.packSize)))
            }
            try await store.run(["add", store.directory.file("v0.bin"), "--id", "hot"])
            try await store.run(["publish"])
            let server = try await store.serve()

            let stopFile = store.directory.file("stop-load")
            let load = try ChildProcess(
                try ExternalTool.path(of: "python3"),
                [StoreLoadScript.script, String(server.port), "/packs/hot", "3", stopFile])
            defer { _ = FileManager.default.createFile(atPath: stopFile, contents: nil) }
            // The load is going once a first download has been served.
            _ = try await server.awaitAccessLogLines(path: "/packs/hot", status: 200)

            var pickUps: [Duration] = []
            let clock = ContinuousClock()
            for index in 1...Self.swaps {
                try await store.run(["add", store.directory.file("v\(index).bin"), "--id", "hot"])
                try await store.run(["publish"])
                let published = clock.now
                let live = try await StoreResponse.await(server.url("/readyz"), within: .seconds(3)) {
                    $0.text == "release \(index + 1)\n"
                }
                let served = try await StoreResponse.get(server.url("/packs/hot"))
                pickUps.append(clock.now - published)
                #expect(live.satisfied && live.elapsed < .seconds(1), "release \(index + 1) went live after \(live.elapsed)")
                #expect(served.entityTagValue == versions[index])
                // Keep downloads of this version running across the next swap: wait for two rounds of the
                // load's three threads to end after it went live. At most three downloads were under way at
                // the publish (and a few of their lines may still be on their way to the pipe), so the later
                // ones began on this version, and the load is on it when the next swap comes.
                let done = server.accessLogLines(path: "/packs/hot", status: 200).count
                let loaded = try await server.awaitAccessLogLines(path: "/packs/hot", status: 200, atLeast: done + 6)
                #expect(loaded.count >= done + 6, "the load finished \(loaded.count - done) downloads of release \(index + 1)")
            }
            _ = FileManager.default.createFile(atPath: stopFile, contents: nil)
            #expect(try await load.exitStatus(within: .seconds(30)) == 0, "\(load.stderr.text)")
            let report = try JSONDecoder().decode(StoreLoadReport.self, from: Data(load.stdout.text.utf8))
            #expect(report.problems.isEmpty, "\(report.problems)")
            #expect(Set(report.bodies.keys).isSubset(of: Set(versions)), "bodies that are no published version: \(report.bodies)")
            // The load really spanned the swaps: clients received several of the versions.
            #expect(report.bodies.count >= Self.swaps / 2, "versions received: \(report.bodies.values)")
            print("release swap under load: \(report.requests) downloads of \(Self.packSize >> 20) MiB, \(report.bodies.count) versions, pick-up \(pickUps.map { $0.formatted(.units(allowed: [.milliseconds])) })")
            #expect(try await server.stop() == 0, "\(server.child.stderr.lines.suffix(3))")
        }
    }
}
