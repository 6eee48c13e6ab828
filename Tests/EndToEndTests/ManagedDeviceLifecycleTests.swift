import Foundation
import Testing

extension EndToEnd {
    /// Issue 10, "Done means" 1: a model of a device with managed Background Assets follows the download
    /// manifest through publish → change → publish → rollback → withdraw → re-add, and after every step holds
    /// exactly the current release's bytes of every listed pack and nothing else. The device, like the real
    /// system, updates a pack only when its `version` rises: a rollback that did not raise it leaves the
    /// device on the newer bytes, and this test fails.
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
            let device = try ManagedDevice(manifestURL: server.url("/download-manifest.json"))
            var releaseFiles = [1: files]

            /// Syncs the device and checks it against release `number`; returns id → version.
            func syncAndCheck(release number: Int) async throws -> [String: Int] {
                try await server.awaitRelease(number)
                let manifest = try await device.synchronize()
                let expected = releaseFiles[number]!
                #expect(Set(manifest.map(\.id)) == Set(expected.keys), "release \(number) lists other packs")
                #expect(Set(device.installed.keys) == Set(expected.keys), "release \(number): device holds \(device.installed.keys.sorted())")
                for (id, path) in expected {
                    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
                    #expect(device.installed[id]?.bytes == bytes, "release \(number): device holds other bytes of \(id)")
                }
                return Dictionary(uniqueKeysWithValues: manifest.map { ($0.id, $0.version) })
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
            #expect(try await server.stop() == 0)

            // The CLI shows the same versions.
            let listing = try await store.run(["ls", "--json", "--release", "5"])
            let packs = try JSONSerialization.jsonObject(with: Data(listing.stdout.utf8)) as? [[String: Any]] ?? []
            #expect(packs.map { $0["appleVersion"] as? Int } == [1, 4, 2], "ls --json sorts Tutorial, com.…, hd by id bytes: \(listing.stdout)")
        }
    }
}
