import Foundation
import CDNSimulation
import Testing

extension EndToEnd {
    /// Issue 10, "Done means" 1: a model of a device with managed Background Assets (`SimulatedDevice`, the
    /// one scripts/bench-cdn runs by the thousand) follows the download manifest through publish → change →
    /// publish → rollback → withdraw → re-add, polling it with If-None-Match, and after every step holds
    /// exactly the current release's bytes of every listed pack (the SHA-256 and size it measured itself) and
    /// nothing else. The device, like the real system, updates a pack only when its `version` rises: a
    /// rollback that did not raise it leaves the device on the newer bytes, and this test fails.
    @Suite struct ManagedDeviceLifecycle {
        @Test func deviceHoldsTheCurrentReleaseAfterEveryStep() async throws {
            let store = try StoreWorkspace()
            var files: [String: String] = [
                "Tutorial": try store.randomFile("tutorial.aar", count: 40_001),
                "com.example.game.level-1": try store.randomFile("level-1.aar", count: 70_000),
                "hd": try store.randomFile("hd.aar", count: 25_000),
            ]
            try await store.run(["add", files["Tutorial"]!, "--id", "Tutorial", "--policy", "essential"])
            try await store.run(["add", files["com.example.game.level-1"]!, "--id", "com.example.game.level-1",
                                 "--policy", "prefetch", "--tag", "levels"])
            try await store.run(["add", files["hd"]!, "--id", "hd", "--tag", "levels"])
            try await store.run(["publish"])
            let server = try await store.serveAtItsPublicURL()
            // 32 KiB pieces: every pack (25–71 kB) downloads in two or three Range requests.
            let device = SimulatedDevice(kind: .downloadManifest(platform: nil), pieceBytes: 32 << 10)
            let connection = DeviceConnection(port: server.port, tally: DeviceTally())
            var releaseFiles = [1: files]
            var polls = 0

            /// Syncs the device and checks it against release `number`; returns id → version.
            func syncAndCheck(release number: Int) async throws -> [String: Int] {
                try await server.awaitRelease(number)
                // The first read installs; every later one is a poll whose If-None-Match the new release fails.
                let manifest = try await OnThread.run { [polls] () -> DeviceDocument? in
                    if polls == 0 { return try device.install(on: connection) }
                    return try device.synchronize(on: connection)
                }
                polls += 1
                guard let manifest else {
                    Issue.record("release \(number): the poll was answered 304")
                    return [:]
                }
                #expect(manifest.release == number)
                let expected = releaseFiles[number]!
                #expect(Set(manifest.packs.map(\.id)) == Set(expected.keys), "release \(number) lists other packs")
                #expect(Set(device.installed.keys) == Set(expected.keys), "release \(number): device holds \(device.installed.keys.sorted())")
                for (id, path) in expected {
                    let sha256 = try await ExternalTool.sha256(of: path)
                    let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
                    #expect(device.installed[id]?.sha256 == sha256 && device.installed[id]?.size == size,
                            "release \(number): device holds other bytes of \(id): \(String(describing: device.installed[id]))")
                }
                // Unchanged, the manifest is answered 304 and the device does nothing.
                #expect(try await OnThread.run { try device.synchronize(on: connection) } == nil, "release \(number): a second poll was not a 304")
                return Dictionary(uniqueKeysWithValues: manifest.packs.map { ($0.id, $0.version) })
            }

            let first = try await syncAndCheck(release: 1)
            #expect(first == ["Tutorial": 1, "com.example.game.level-1": 1, "hd": 1])

            // Change one pack: only its version rises.
            files["com.example.game.level-1"] = try store.randomFile("level-1-v2.aar", count: 71_000)
            try await store.run(["add", files["com.example.game.level-1"]!, "--id", "com.example.game.level-1"])
            try await store.run(["publish"])
            releaseFiles[2] = files
            #expect(try await syncAndCheck(release: 2) == ["Tutorial": 1, "com.example.game.level-1": 2, "hd": 1])

            // Rollback to release 1: its bytes differ from release 2's, so the version rises again (to 3).
            try await store.run(["rollback", "1"])
            releaseFiles[3] = releaseFiles[1]
            #expect(try await syncAndCheck(release: 3) == ["Tutorial": 1, "com.example.game.level-1": 3, "hd": 1])

            // Withdraw hd: the device deletes it. (A rollback leaves the draft alone, so this publish also brings
            // back the draft's level-1: different bytes from release 3's again, so its version rises to 4.)
            try await store.run(["rm", "hd"])
            try await store.run(["publish"])
            releaseFiles[4] = files.filter { $0.key != "hd" }
            #expect(try await syncAndCheck(release: 4) == ["Tutorial": 1, "com.example.game.level-1": 4])

            // Re-add hd with its old bytes: it comes back above the version it had, never below.
            try await store.run(["add", releaseFiles[1]!["hd"]!, "--id", "hd"])
            try await store.run(["publish"])
            releaseFiles[5] = releaseFiles[4]!.merging(["hd": releaseFiles[1]!["hd"]!]) { $1 }
            #expect(try await syncAndCheck(release: 5) == ["Tutorial": 1, "com.example.game.level-1": 4, "hd": 2])

            #expect(device.rangeRequests >= 10, "downloads went in two Range requests each")
            #expect(connection.tally[.documentsNotModified] == 5, "one 304 after every release")
            #expect(try await server.stop() == 0)

            // The CLI shows the same versions.
            let listing = try await store.run(["ls", "--json", "--release", "5"])
            let packs = try JSONSerialization.jsonObject(with: Data(listing.stdout.utf8)) as? [[String: Any]] ?? []
            #expect(packs.map { $0["appleVersion"] as? Int } == [1, 4, 2], "ls --json sorts Tutorial, com.…, hd by id bytes: \(listing.stdout)")
        }
    }
}
