import PackStore
import Testing

@testable import PackServer

/// When the daemon signs: a release without a manifest, a manifest signed with other settings, or a
/// manifest in its last quarter (at least 1 s).
@Suite struct ManifestRenewalTests {
    func manifest(release: Int = 1, issuedAt: Int64, expiresAt: Int64, profile: String = "p") -> StoredManifest {
        StoredManifest(
            version: 1, release: release, issuedAt: issuedAt, expiresAt: expiresAt, keyID: "k", payload: [],
            payloadSignature: [], detachedJWS: "", profile: profile)
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
        let reason = SigningReason.due(
            manifest(issuedAt: issuedAt, expiresAt: expiresAt), latestRelease: 1, profile: "p", startedAt: 0, now: now)
        #expect((reason != nil) == renew)
        if renew { #expect(reason == .expiresSoon(version: 1, secondsLeft: max(expiresAt - now, 0))) }
    }

    @Test func aNewReleaseOrNoManifestIsAlwaysDue() {
        #expect(SigningReason.due(nil, latestRelease: 1, profile: "p", startedAt: 0, now: 0) == .unsigned(release: 1))
        #expect(SigningReason.due(
            manifest(release: 1, issuedAt: 0, expiresAt: 1_000), latestRelease: 2, profile: "p", startedAt: 0, now: 0) != nil)
    }

    /// A daemon started with another publicBaseURL, URL style or key must not serve the old manifest's URLs
    /// (or, for an index from before profiles were stored, an unknown profile) until it expires.
    @Test func otherSigningSettingsAreDueAtOnce() {
        #expect(SigningReason.due(
            manifest(issuedAt: 0, expiresAt: 1_000, profile: "iss=http://old"), latestRelease: 1, profile: "iss=http://new",
            startedAt: 0, now: 0) == .settingsChanged)
        #expect(SigningReason.due(
            manifest(issuedAt: 0, expiresAt: 1_000, profile: ""), latestRelease: 1, profile: "p", startedAt: 0, now: 0) != nil)
    }

    /// Signed with other settings after this signer started: another running signer's manifest. Re-signing it
    /// would make two daemons re-sign each other's manifests without end.
    @Test func anotherRunningSignersManifestIsLeftAlone() {
        #expect(SigningReason.due(
            manifest(issuedAt: 10, expiresAt: 1_000, profile: "iss=http://other"), latestRelease: 1, profile: "p",
            startedAt: 9, now: 11) == nil)
    }
}
