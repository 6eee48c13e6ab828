import Foundation
import PackStore
import ReleaseViews
import Testing

/// Manifest versions: one per signing of a channel, strictly increasing, shared by every process, atomic
/// with publish.
@Suite struct SignedManifestTests {
    /// A stand-in signer for re-signing: recognisable bytes, like `RecordingSealer`'s.
    func sign(_ version: Int, _ views: [SealedView]) -> [String: ManifestSignature] {
        Dictionary(uniqueKeysWithValues: views.map {
            ($0.segment.description, RecordingSealer.signature(channel: .production, version: version, view: $0))
        })
    }

    func renew(
        _ store: PackStore, _ holder: String = "a", after version: Int, now: Int64, until: Int64? = nil
    ) throws -> ManifestRenewalOutcome {
        try store.renewChannel(
            .production, after: version, lease: SigningLease(holder: holder, until: until ?? now + 50), now: now,
            issuedAt: now, expiresAt: now + 100, notBefore: now + 2, sign: sign)
    }

    @Test func versionsGrowByOneAcrossPublishReSignRollbackAndProcesses() throws {
        let fixture = try TemporaryStore()
        try fixture.store.add(file: try fixture.makeFile("a", text: "a"), id: "a")
        let (first, c1) = try fixture.store.publish(sealedBy: RecordingSealer(issuedAt: 100))
        let m1 = try #require(try fixture.store.latestManifest())
        #expect(first.number == 1 && c1.version == 1 && m1.release == 1 && m1.issuedAt == 100 && m1.expiresAt == 200)
        #expect(String(decoding: m1.payload, as: UTF8.self) == "cproduction v1 r1 n1")

        guard case .signed(let m2) = try renew(fixture.store, after: 1, now: 150, until: 300) else {
            Issue.record("renewed")
            return
        }
        #expect(m2 == [try #require(try fixture.store.latestManifest())])
        #expect(try fixture.store.latestManifest()?.version == 2 && fixture.store.latestManifest()?.notBefore == 152)

        try fixture.store.add(file: try fixture.makeFile("b", text: "b"), id: "b")
        let other = try fixture.openAgain()
        let (second, c3) = try other.publish(sealedBy: RecordingSealer(issuedAt: 160))
        #expect(second.number == 2 && c3.version == 3)
        #expect(String(decoding: try #require(try other.latestManifest()).payload, as: UTF8.self) == "cproduction v3 r2 n2")

        let (third, c4) = try fixture.store.rollback(to: 1, sealedBy: RecordingSealer(issuedAt: 170))
        #expect(third.number == 3 && third.rollbackOf == 1 && c4.version == 4 && c4.release == 3)

        let reopened = try fixture.openAgain()
        #expect(try reopened.latestManifestVersion() == 4)
        #expect(try reopened.latestManifest()?.release == 3)
    }

    /// A renewal happens only if nobody renewed since the caller looked, and only by the lease's holder until
    /// it runs out; publishes are not renewals and go live when signed.
    @Test func aRenewalNeedsTheLeaseAndTheVersionTheCallerSaw() throws {
        let fixture = try TemporaryStore()
        try fixture.store.add(file: try fixture.makeFile("a", text: "a"), id: "a")
        _ = try fixture.store.publish(sealedBy: RecordingSealer(issuedAt: 100))
        #expect(try fixture.store.latestManifest()?.notBefore == 100)
        guard case .signed(let m2) = try renew(fixture.store, after: 1, now: 150) else { Issue.record("a signs"); return }
        #expect(m2.map(\.version) == [2] && m2.map(\.notBefore) == [152])
        #expect(try renew(fixture.store, "b", after: 1, now: 151) == .renewedElsewhere)
        #expect(try renew(fixture.store, "b", after: 2, now: 160) == .leaseHeld(SigningLease(holder: "a", until: 200)))
        #expect(try fixture.openAgain().signingLease() == SigningLease(holder: "a", until: 200))
        guard case .signed = try renew(fixture.store, after: 2, now: 170) else { Issue.record("the holder renews"); return }
        #expect(try fixture.store.signingLease() == SigningLease(holder: "a", until: 220))
        guard case .signed = try renew(fixture.store, "b", after: 3, now: 220) else { Issue.record("b takes over"); return }
        #expect(try fixture.store.signingLease()?.holder == "b")
    }

    @Test func aFailedSealingLeavesNoReleaseBehind() throws {
        struct NoKey: Error {}
        let fixture = try TemporaryStore()
        try fixture.store.add(file: try fixture.makeFile("a", text: "a"), id: "a")
        #expect(throws: PackStoreError.self) {
            _ = try fixture.store.publish(sealedBy: RecordingSealer(failure: NoKey()))
        }
        #expect(try fixture.store.releases().isEmpty)
        #expect(try fixture.store.latestManifestVersion() == nil)
        #expect(try fixture.store.views(of: .production).segments.isEmpty)
    }

    /// The documents a sealer made are kept with their view, for the settings they were made with only, and
    /// replaced when the channel changes.
    @Test func documentsAreKeptPerViewAndProfile() throws {
        let fixture = try TemporaryStore()
        try fixture.store.add(file: try fixture.makeFile("a", text: "a"), id: "a")
        try fixture.store.publish()
        #expect(try fixture.store.viewIDs() == "a@1")
        #expect(try fixture.store.plainViewDocuments(release: 1, profile: "p")?.keys.sorted() == ["ids"])
        try fixture.store.add(file: try fixture.makeFile("b", text: "b"), id: "b")
        _ = try fixture.store.publish(note: "", sealedBy: RecordingSealer(profile: "q"))
        #expect(try fixture.store.plainViewDocuments(release: 1, profile: "p") == nil)
        #expect(try fixture.store.plainViewDocuments(release: 2, profile: "q")?.keys.sorted() == ["ids"])
        #expect(try fixture.store.plainViewDocuments(release: 2, profile: "p") == nil)
    }
}
