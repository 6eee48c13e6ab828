import Foundation
import PackKitTestSupport
import PackKitWire
import Testing
@testable import PackKit

/// Install outcomes for staged rollouts (docs/rollouts.md "Reports"): sent after installs, batched by 32,
/// kept when the server cannot take them, dropped after a day; the cohort stays with the install.
@Suite struct ReportQueueTests {
    let server = FakeServer()
    let signer = TestSigner()
    let directory = temporaryDirectory()
    let clock = ManualClock(Double(SampleManifest.issuedAt + 10))
    let forest = SampleManifest.bytes(9_000, seed: 1)

    func catalog() throws -> PackCatalog {
        let pack = SampleManifest.pack("forest", bytes: forest, tags: ["forest"], url: server.serve(forest, at: "/blobs/forest").absoluteString)
        let manifest = SampleManifest.manifest(version: 3, iss: server.baseURL.absoluteString, exp: SampleManifest.expires, packs: [pack])
        var configuration = PackCatalogConfiguration(
            baseURL: server.baseURL, keys: [signer.pinnedKey], clock: { [clock] in clock.now })
        configuration.takesPartInRollouts = true
        let catalog = try PackCatalog(configuration: configuration, storeDirectory: directory, sessionConfiguration: fakeConfiguration())
        server.serveDocument(signer.sign(manifest), at: "/cohorts/\(catalog.cohort ?? -1)/manifest")
        return catalog
    }

    func sent() throws -> [[String: Any]] {
        try server.withLock { server.reports }.map { try #require(try JSONSerialization.jsonObject(with: Data($0)) as? [String: Any]) }
    }

    @Test func anInstallIsReportedWithTheCohortAndTheManifestsRelease() async throws {
        let catalog = try catalog()
        let cohort = try #require(catalog.cohort)
        #expect((0..<1000).contains(cohort))
        #expect(try PackCatalog(
            configuration: catalog.configuration, storeDirectory: directory, sessionConfiguration: fakeConfiguration()
        ).cohort == cohort, "kept in the store")
        _ = try await catalog.makeAvailable(tags: ["forest"])
        let reports = try sent()
        #expect(reports.count == 1 && catalog.pendingReportCount == 0)
        #expect(reports[0]["cohort"] as? Int == cohort && reports[0]["channel"] as? String == "production")
        let outcomes = try #require(reports[0]["outcomes"] as? [[String: Any]])
        #expect(outcomes.count == 1 && outcomes[0]["pack"] as? String == "forest" && outcomes[0]["result"] as? String == "installed")
    }

    @Test func unsentOutcomesWaitAndGoAfterADay() async throws {
        let catalog = try catalog()
        _ = try await catalog.manifest()
        let pack = try #require(try catalog.storedManifest()?.manifest.packs.first)
        for _ in 0..<40 { catalog.report(pack, failure: .transport("offline")) }
        server.inject(.status(503))
        #expect(await catalog.sendReports() == 8, "the first batch of 32 was refused, the second of 8 taken")
        #expect(catalog.pendingReportCount == 32)
        #expect(try sent().map { ($0["outcomes"] as? [Any])?.count } == [8])
        clock.advance(86_401)
        #expect(await catalog.sendReports() == 0 && catalog.pendingReportCount == 0, "a day old: dropped unsent")
        #expect(try sent().count == 1)
    }
}
