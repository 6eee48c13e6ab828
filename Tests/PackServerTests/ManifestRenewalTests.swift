import PackStore
import Testing

@testable import PackServer

/// When the daemon signs: a release without a manifest, or a manifest in its last quarter (at least 1 s).
@Suite struct ManifestRenewalTests {
    func manifest(release: Int = 1, issuedAt: Int64, expiresAt: Int64) -> StoredManifest {
        StoredManifest(
            version: 1, release: release, issuedAt: issuedAt, expiresAt: expiresAt, keyID: "k", payload: [],
            payloadSignature: [], compactJWS: "")
    }

    @Test(arguments: [
        // (issuedAt, expiresAt, now, renew?)
        (Int64(0), Int64(604_800), Int64(0), false),
        (0, 604_800, 453_599, false),
        (0, 604_800, 453_600, true),
        (0, 3, 1, false),
        (0, 3, 2, true),   // a quarter of 3 s rounds to 0: the 1 s margin still renews before expiry
        (0, 3, 5, true),   // expired
    ])
    func renewal(issuedAt: Int64, expiresAt: Int64, now: Int64, renew: Bool) {
        let due = ManifestSigner.isDue(manifest(issuedAt: issuedAt, expiresAt: expiresAt), latestRelease: 1, now: now)
        #expect(due == renew)
    }

    @Test func aNewReleaseOrNoManifestIsAlwaysDue() {
        #expect(ManifestSigner.isDue(nil, latestRelease: 1, now: 0))
        #expect(ManifestSigner.isDue(manifest(release: 1, issuedAt: 0, expiresAt: 1_000), latestRelease: 2, now: 0))
    }
}
