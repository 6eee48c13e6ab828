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

        let m2 = try fixture.store.signManifest(release: 1, issuedAt: 150, expiresAt: 250, sign: sign)
        #expect(m2.version == 2)

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
