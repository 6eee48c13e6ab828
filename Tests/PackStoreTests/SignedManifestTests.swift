import Foundation
import PackStore
import Testing

/// Manifest versions: one per signing, strictly increasing, shared by every process, atomic with publish.
@Suite struct SignedManifestTests {
    /// A stand-in signer for re-signing: recognisable bytes, like `RecordingSealer`'s.
    func sign(_ version: Int, _ release: Int, _ packs: [PackEntry]) -> ManifestSignature {
        ManifestSignature(
            keyID: "k", payload: Array("v\(version) r\(release) n\(packs.count)".utf8), payloadSignature: [1, 2],
            compactJWS: "jws-\(version)", profile: "p")
    }

    @Test func versionsGrowByOneAcrossPublishReSignRollbackAndProcesses() throws {
        let fixture = try TemporaryStore()
        try fixture.store.add(file: try fixture.makeFile("a", text: "a"), id: "a")
        let (first, m1) = try fixture.store.publish(sealedBy: RecordingSealer(issuedAt: 100))
        #expect(first.number == 1 && m1.version == 1 && m1.release == 1 && m1.issuedAt == 100 && m1.expiresAt == 200)
        #expect(String(decoding: m1.payload, as: UTF8.self) == "v1 r1 n1")

        let m2 = try fixture.store.renewManifest(
            release: 1, after: 1, lease: SigningLease(holder: "a", until: 300), now: 150, issuedAt: 150, expiresAt: 250,
            notBefore: 152, sign: sign)
        #expect(m2 == .signed(try #require(try fixture.store.latestManifest())))
        #expect(try fixture.store.latestManifest()?.version == 2 && fixture.store.latestManifest()?.notBefore == 152)

        try fixture.store.add(file: try fixture.makeFile("b", text: "b"), id: "b")
        let other = try fixture.openAgain()
        let (second, m3) = try other.publish(sealedBy: RecordingSealer(issuedAt: 160))
        #expect(second.number == 2 && m3.version == 3 && String(decoding: m3.payload, as: UTF8.self) == "v3 r2 n2")

        let (third, m4) = try fixture.store.rollback(to: 1, sealedBy: RecordingSealer(issuedAt: 170))
        #expect(third.number == 3 && third.rollbackOf == 1 && m4.version == 4 && m4.release == 3)

        let reopened = try fixture.openAgain()
        #expect(try reopened.latestManifestVersion() == 4)
        #expect(try reopened.latestManifest() == m4)
    }

    /// A renewal happens only if nobody renewed since the caller looked, and only by the lease's holder until
    /// it runs out; publishes are not renewals and go live when signed.
    @Test func aRenewalNeedsTheLeaseAndTheVersionTheCallerSaw() throws {
        let fixture = try TemporaryStore()
        try fixture.store.add(file: try fixture.makeFile("a", text: "a"), id: "a")
        let (_, published) = try fixture.store.publish(sealedBy: RecordingSealer(issuedAt: 100))
        #expect(published.notBefore == 100)
        func renew(_ holder: String, after version: Int, now: Int64) throws -> ManifestRenewalOutcome {
            try fixture.store.renewManifest(
                release: 1, after: version, lease: SigningLease(holder: holder, until: now + 50), now: now,
                issuedAt: now, expiresAt: now + 100, notBefore: now + 2, sign: sign)
        }
        guard case .signed(let m2) = try renew("a", after: 1, now: 150) else { Issue.record("a signs"); return }
        #expect(m2.version == 2 && m2.notBefore == 152)
        #expect(try renew("b", after: 1, now: 151) == .renewedElsewhere)
        #expect(try renew("b", after: 2, now: 160) == .leaseHeld(SigningLease(holder: "a", until: 200)))
        #expect(try fixture.openAgain().signingLease() == SigningLease(holder: "a", until: 200))
        guard case .signed = try renew("a", after: 2, now: 170) else { Issue.record("the holder renews"); return }
        #expect(try fixture.store.signingLease() == SigningLease(holder: "a", until: 220))
        guard case .signed = try renew("b", after: 3, now: 220) else { Issue.record("b takes over"); return }
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
        #expect(try fixture.store.releaseDocuments(release: 1, profile: "p") == nil)
    }

    /// The documents a sealer made are kept with their release, for the settings they were made with only,
    /// and go when gc prunes the release.
    @Test func documentsAreKeptPerReleaseAndProfileUntilPruned() throws {
        let fixture = try TemporaryStore()
        try fixture.store.add(file: try fixture.makeFile("a", text: "a"), id: "a")
        try fixture.store.publish()
        try fixture.store.add(file: try fixture.makeFile("b", text: "b"), id: "b")
        _ = try fixture.store.publish(note: "", sealedBy: RecordingSealer(profile: "q"))
        #expect(try fixture.store.releaseDocuments(release: 1, profile: "p") == ["ids": Array("a".utf8)])
        #expect(try fixture.store.releaseDocuments(release: 2, profile: "q") == ["ids": Array("a,b".utf8)])
        #expect(try fixture.store.releaseDocuments(release: 2, profile: "p") == nil)
        _ = try fixture.store.gc(keepReleases: 1)
        #expect(try fixture.store.releaseDocuments(release: 1, profile: "p") == nil)
        #expect(try fixture.store.releaseDocuments(release: 2, profile: "q") != nil)
    }
}
