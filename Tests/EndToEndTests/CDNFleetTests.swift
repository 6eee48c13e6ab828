import Foundation
import CDNSimulation
import Testing

/// Outside the `EndToEnd` chain: it checks nothing about time, and at a minute it was the chain's longest test.
@Suite struct CDNFleet {
    /// scripts/bench-cdn's simulation in small, with the same devices and the same stack (Tests/CDNSimulation):
    /// a dozen devices of all three kinds install through Varnish (half of them breaking one download and
    /// resuming it with If-Range), poll with If-None-Match, and update across a publish that purges the
    /// documents. What the bench measures about time is not checked here; what must hold whatever the timing
    /// is: every pack verified, every device on release 2's bytes, each blob fetched from the origin once.
    @Test func simulatedDevicesInstallAndUpdateAcrossAPublish() async throws {
        let store = try StoreWorkspace()
        // id, policy, size, whether release 2 has new bytes for it.
        let plan: [(String, String, Int, Bool)] = [
            ("core", "essential", 600_000, true), ("level-1", "prefetch", 900_000, false),
            ("voice-fr", "on-demand", 300_000, true), ("voice-de", "on-demand", 300_001, false),
        ]
        var expected: [Int: [String: String]] = [1: [:], 2: [:]]
        for (order, (id, policy, size, _)) in plan.enumerated() {
            let file = try store.randomFile("\(id).v1", count: size)
            try await store.run(["add", file, "--id", id, "--policy", policy, "--order", "\(order)"])
            expected[1]![id] = try await ExternalTool.sha256(of: file)
            expected[2]![id] = expected[1]![id]
        }
        try await store.run(["publish"])
        for (id, _, size, changes) in plan where changes {
            let file = try store.randomFile("\(id).v2", count: size + 4096)
            try await store.run(["add", file, "--id", id])
            expected[2]![id] = try await ExternalTool.sha256(of: file)
        }
        let stack = try await CDNStack(.varnish, store: store, sharedMaxAgeSeconds: 2, publicBaseURLIsTheCache: true)
        var options = FleetOptions()
        options.workers = 4
        options.pollWorkers = 2
        options.pollSeconds = 0.5
        options.resumePercent = 50
        options.pieceBytes = 128 << 10
        options.onDemandProbability = 0.5
        let simulation = FleetSimulation(
            devices: 12, cachePort: stack.cache.port, options: options, expected: expected, onDemand: ["voice-fr", "voice-de"])
        let originLog = stack.origin.child.stderr
        let record = try await simulation.run(
            deadline: .seconds(120),
            publish: { try await store.run(["publish"]) },
            originLog: { originLog.text },
            alive: {
                guard stack.origin.child.isRunning, stack.cache.isRunning else { throw EndToEndFailure("a server exited:\n\(stack.diagnostics)") }
            },
            progress: { _ in })

        #expect(record.tally.problems.isEmpty, "\(record.tally.problems)\n\(stack.diagnostics)")
        #expect(record.tally[.packsWithWrongBytes] == 0)
        #expect(record.tally[.interruptedDownloads] > 0, "no device broke a download")
        #expect(record.tally[.resumesAnswered206] == record.tally[.interruptedDownloads], "every resume was answered 206")
        #expect(record.tally[.documentsNotModified] > 0, "no poll was answered 304")
        for fleetDevice in record.devices {
            let device = fleetDevice.device
            #expect(fleetDevice.installRelease != nil, "device \(fleetDevice.index) did not install")
            // Installed from release 1 or 2, every device ends on release 2, holding exactly what it wants of it.
            #expect(device.release == 2, "device \(fleetDevice.index) is on release \(String(describing: device.release))")
            let wanted = plan.filter { device.selection.wants(id: $0.0, policy: $0.1) }.map(\.0)
            #expect(device.installed.mapValues(\.sha256) == expected[2]!.filter { wanted.contains($0.key) },
                    "device \(fleetDevice.index) holds \(device.installed)")
        }
        // Each blob left the origin once: Varnish fetched it whole on the first miss and answered every piece,
        // resume and later device from its copy (the documents name blob URLs, which no publish purges).
        let blobFetches = Dictionary(grouping: stack.origin.child.stderr.lines.compactMap { line in
            line.split(separator: " ").first { $0.hasPrefix("/blobs/sha256/") }.map(String.init)
        }, by: { $0 })
        #expect(!blobFetches.isEmpty && blobFetches.values.allSatisfy { $0.count == 1 },
                "origin fetches per blob: \(blobFetches.mapValues(\.count))")
    }
}
