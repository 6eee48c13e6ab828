import Foundation
import PackKitTestSupport
import PackKitWire
import Testing
@testable import PackKit

@Suite struct PackCatalogTests {
    let server = FakeServer()
    let signer = TestSigner()
    let directory = temporaryDirectory()
    let clock = ManualClock(Double(SampleManifest.issuedAt + 10))
    let sleeper = RecordingSleeper()
    let forest = SampleManifest.bytes(9_000, seed: 1)
    let cave = SampleManifest.bytes(5_000, seed: 2)

    /// Publishes a manifest of two packs at `/manifest`, signed by `key` (the pinned one by default).
    @discardableResult
    func publish(version: Int = 17, by key: TestSigner? = nil, exp: Int64 = SampleManifest.expires) -> PackManifest {
        let packs = [
            SampleManifest.pack("forest", bytes: forest, tags: ["forest", "levels"], url: server.serve(forest, at: "/blobs/forest").absoluteString),
            SampleManifest.pack("cave", bytes: cave, tags: ["cave", "levels"], url: server.serve(cave, at: "/blobs/cave").absoluteString),
        ]
        let manifest = SampleManifest.manifest(version: version, iss: server.baseURL.absoluteString, exp: exp, packs: packs)
        server.serveDocument((key ?? signer).sign(manifest), at: "/manifest")
        return manifest
    }

    func catalog() throws -> PackCatalog {
        let configuration = PackCatalogConfiguration(
            baseURL: server.baseURL, keys: [signer.pinnedKey], chunkSize: 4096, manifestRefreshInterval: .zero,
            clock: { [clock] in clock.now }, sleep: sleeper.sleeper)
        return try PackCatalog(configuration: configuration, storeDirectory: directory, sessionConfiguration: fakeConfiguration())
    }

    var blobRequests: Int { server.withLock { server.requests.filter { $0.url?.path.hasPrefix("/blobs/") == true }.count } }

    @Test func makesATagsPacksAvailableOnce() async throws {
        publish()
        let catalog = try catalog()
        let packs = try await catalog.makeAvailable(tags: ["levels"])
        #expect(packs.map(\.id) == ["cave", "forest"])
        #expect(packs.allSatisfy { (try? Data(contentsOf: $0.url)).map { HexDigest.sha256($0) } == $0.sha256 })
        let requests = blobRequests
        _ = try await catalog.makeAvailable(tags: ["levels"])
        #expect(blobRequests == requests)
    }

    @Test func refusesAnotherKeysManifestBeforeDownloading() async throws {
        let other = TestSigner()
        publish(by: other)
        let catalog = try catalog()
        await #expect(throws: PackKitError.verification(.unknownKeyID(other.keyID))) {
            try await catalog.makeAvailable(tags: ["levels"])
        }
        #expect(blobRequests == 0)
    }

    @Test func refusesARollbackBeforeDownloading() async throws {
        publish(version: 17)
        try await catalog().refreshManifest()
        publish(version: 16)
        // A relaunch: a new catalog on the same store.
        let relaunched = try catalog()
        await #expect(throws: PackKitError.rollback(.lowerVersion(
            version: 16, highest: 17, issuer: server.baseURL.absoluteString, channel: "production"))) {
            try await relaunched.makeAvailable(tags: ["forest"])
        }
        #expect(blobRequests == 0)
    }

    @Test func refusesAnExpiredManifestFromTheServer() async throws {
        publish()
        clock.advance(Double(SampleManifest.expires - SampleManifest.issuedAt + 3600))
        await #expect(throws: PackKitError.self) { try await catalog().refreshManifest() }
    }

    /// Verified packs stay usable offline after `exp`: the last accepted manifest is read from the store.
    @Test func installedPacksStayUsableOfflineAfterExpiry() async throws {
        publish()
        _ = try await catalog().makeAvailable(tags: ["forest"])
        // A day past `exp`, and the server unreachable (no host answers gone.invalid).
        clock.advance(Double(SampleManifest.expires - SampleManifest.issuedAt + 86_400))
        let configuration = PackCatalogConfiguration(
            baseURL: URL(string: "https://gone.invalid")!, keys: [signer.pinnedKey], manifestRefreshInterval: .zero,
            clock: { [clock] in clock.now }, sleep: sleeper.sleeper)
        let catalog = try PackCatalog(configuration: configuration, storeDirectory: directory, sessionConfiguration: fakeConfiguration())
        let packs = try await catalog.makeAvailable(tags: ["forest"])
        #expect(packs.map(\.id) == ["forest"])
    }

    @Test func namesAnUnknownTag() async throws {
        publish()
        await #expect(throws: PackKitError.unknownTag("desert")) { try await catalog().makeAvailable(tags: ["forest", "desert"]) }
    }

    @Test func aRequestHoldsItsPacksUntilItEnds() async throws {
        publish()
        let catalog = try catalog()
        let request = catalog.request(tags: ["forest"])
        #expect(await request.conditionallyBeginAccessingResources() == false)
        try await request.beginAccessingResources()
        #expect(request.progress.completedUnitCount == 9_000 && request.progress.totalUnitCount == 9_000)
        #expect(try catalog.store.purge(bytes: .max).isEmpty)
        request.endAccessingResources()
        #expect(try catalog.store.purge(bytes: .max).map(\.id) == ["forest"])
    }

    @Test func aRequestLetsGoWhenItGoesAway() async throws {
        publish()
        let catalog = try catalog()
        var request: PackRequest? = catalog.request(tags: ["forest"])
        try await request?.beginAccessingResources()
        #expect(catalog.store.accessCount(id: "forest") == 1)
        request = nil
        #expect(catalog.store.accessCount(id: "forest") == 0)
    }

    @Test func conditionallyBeginsWithoutTheNetworkWhenInstalled() async throws {
        publish()
        let catalog = try catalog()
        _ = try await catalog.makeAvailable(tags: ["levels"])
        let requests = server.withLock { server.requests.count }
        let request = catalog.request(tags: ["cave"])
        #expect(await request.conditionallyBeginAccessingResources())
        #expect(request.url(forPack: "cave") != nil)
        #expect(server.withLock { server.requests.count } == requests)
    }

    @Test func plansEssentialPrefetchThenRequested() async throws {
        publish()
        let plan = try await catalog().plan(requestedTags: ["cave"])
        #expect(plan.packs.map(\.id) == ["cave"])
    }

    /// What the Background Assets glue hands the system, and how it takes a finished file back.
    @Test func feedsABackgroundAssetsExtension() async throws {
        let packs = [
            SampleManifest.pack("boot", bytes: forest, policy: .essential, url: server.serve(forest, at: "/blobs/boot").absoluteString),
            SampleManifest.pack("cave", bytes: cave, url: server.serve(cave, at: "/blobs/cave").absoluteString),
        ]
        server.serveDocument(signer.sign(SampleManifest.manifest(iss: server.baseURL.absoluteString, packs: packs)), at: "/manifest")
        let catalog = try catalog()
        let downloads = try await catalog.backgroundDownloads()
        #expect(downloads.map(\.identifier) == ["boot"] && downloads.first?.isEssential == true)
        #expect(downloads.first?.request.value(forHTTPHeaderField: "Accept-Encoding") == "identity")
        #expect(catalog.shouldDownload(packID: "boot") && !catalog.shouldDownload(packID: "cave"))
        let wrong = directory.appendingPathComponent("wrong")
        try Data(cave).write(to: wrong)
        #expect(throws: PackKitError.self) { try catalog.installDownloadedFile(wrong, forPack: "boot") }
        #expect(!FileManager.default.fileExists(atPath: wrong.path))
        let right = directory.appendingPathComponent("right")
        try Data(forest).write(to: right)
        #expect(try catalog.installDownloadedFile(right, forPack: "boot").sha256 == packs[0].sha256)
    }
}
