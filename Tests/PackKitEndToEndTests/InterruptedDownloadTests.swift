import CDNSimulation
import Foundation
import PackKit
import Testing

/// Issue 35, "Done means" 1: a 256 MiB pack, downloaded by PackKit in-process from the real `packserve`
/// through a relay that counts every byte the server sends, is cut three ways — the server killed with
/// SIGKILL (and started again), the app cancelling the request, the connection reset — and still arrives
/// whole, for at most one copy's bytes plus 8 MiB per cut. Each cut happens at a byte total the relay
/// pauses on, so where it falls does not depend on how fast the machine is.
@Suite struct InterruptedDownload {
    static let size = 256 << 20
    static let allowancePerCut = 8 << 20

    @Test func aPackCutThreeWaysArrivesWholeForOneCopyPlusEightMiBPerCut() async throws {
        let ports = try await FreePorts.pick(2)
        let store = try StoreWorkspace()
        let file = try store.randomFile("huge.bin", count: Self.size)
        let sha256 = try await ExternalTool.sha256(of: file)
        try await store.run(["add", file, "--id", "huge", "--tag", "huge"], timeout: .seconds(300))
        try FileManager.default.removeItem(atPath: file)
        // The manifest's URLs point at the relay; the server listens on a port chosen here, to come back on.
        let environment = ["PACKSERVE_PUBLICBASEURL": "http://127.0.0.1:\(ports[1])", "PACKSERVE_LISTEN_PORT": "\(ports[0])"]
        try await store.run(["publish"], environment: environment)
        var server = try await store.serve(environment: environment)
        let relay = try await CountingRelay(
            port: ports[1], upstreamPort: ports[0],
            actions: [.pause(at: Self.size / 4), .pause(at: Self.size / 2), .reset(at: Self.size / 4 * 3)])
        let work = try TemporaryDirectory("packserve-e2e-packkit-cuts")
        let catalog = try PackCatalog(
            configuration: PackCatalogConfiguration(
                baseURL: relay.baseURL, keys: [try ServerSigningKey(store: store).pinned],
                retry: RetryPolicy(maxRetries: 20, initialDelay: .milliseconds(50), maxDelay: .milliseconds(500))),
            storeDirectory: URL(fileURLWithPath: try work.directory("packs")))

        // 1. The server is killed mid-transfer and started again; the same request carries on.
        let first = catalog.request(tags: ["huge"])
        let firstBegin = Task { try await first.beginAccessingResources() }
        try await relay.awaitPause(1)
        server.child.signal(SIGKILL)
        _ = try await server.child.exitStatus(within: .seconds(10))
        server = try await store.serve(environment: environment)
        relay.resume()

        // 2. The app cancels, as with On-Demand Resources (`progress.cancel()`): the partial file stays.
        try await relay.awaitPause(2)
        first.progress.cancel()
        relay.resume()
        await #expect(throws: CancellationError.self) { try await firstBegin.value }
        let partial = work.file("packs/partial/\(sha256).partial")
        let kept = (try? FileManager.default.attributesOfItem(atPath: partial)[.size] as? Int) ?? 0
        #expect(kept > Self.size / 4 && kept < Self.size, "the partial file holds what arrived: \(kept) bytes")

        // 3. A new request resumes from the partial file; the relay resets its connection at ¾.
        let second = catalog.request(tags: ["huge"])
        let installed = try await second.beginAccessingResources()
        #expect(relay.resets.count == 1, "the connection was reset once")
        #expect(installed.map(\.id) == ["huge"])
        #expect(try await ExternalTool.sha256(of: installed[0].url.path) == sha256)
        #expect(!FileManager.default.fileExists(atPath: partial))
        let sent = try await relay.bytesFromServer()
        #expect(sent >= Self.size && sent <= Self.size + 3 * Self.allowancePerCut, "the server sent \(sent - Self.size) bytes over one copy")
        second.endAccessingResources()
        #expect(try await server.stop() == 0)
    }
}
