import PackStore

/// Why the daemon signs the latest release now (see `SigningReason.due`).
enum SigningReason: Equatable, Sendable, CustomStringConvertible {
    /// The latest release has no manifest yet (an index from before publish signed in its transaction).
    case unsigned(release: Int)
    /// The manifest was signed, before this signer started, with another base URL, URL style or key.
    case settingsChanged
    /// The manifest is in the last quarter of its lifetime (at least its last second) or expired.
    case expiresSoon(version: Int, secondsLeft: Int64)

    var description: String {
        switch self {
        case .unsigned(let release): "release \(release) has no manifest yet"
        case .settingsChanged: "the base URL, pack URL style or key changed"
        case .expiresSoon(let version, let left): "manifest version \(version) expires in \(left) s"
        }
    }

    /// Whether the new manifest may wait for its go-live instant: not when nothing is served meanwhile.
    var waitsForGoLive: Bool {
        if case .unsigned = self { false } else { true }
    }

    /// Why `manifest` must be (re)signed, or nil if it need not. Clients refuse expired manifests, so a
    /// running server renews early: `lead` seconds before the last quarter of the lifetime, so that a renewal
    /// that goes live `lead` seconds after it is signed (`goLiveLead`) still does so in that quarter.
    ///
    /// Other settings matter only for a manifest from before `startedAt` (the operator changed the
    /// configuration and restarted). One signed later comes from another running signer; re-signing it
    /// would start two daemons re-signing each other's manifests forever.
    static func due(
        _ manifest: StoredManifest?, latestRelease: Int, profile: String, startedAt: Int64, now: Int64, lead: Int64 = 0
    ) -> SigningReason? {
        guard let manifest, manifest.release == latestRelease else { return .unsigned(release: latestRelease) }
        if manifest.profile != profile && manifest.issuedAt <= startedAt { return .settingsChanged }
        guard now >= renewalInstant(issuedAt: manifest.issuedAt, expiresAt: manifest.expiresAt, lead: lead) else {
            return nil
        }
        return .expiresSoon(version: manifest.version, secondsLeft: max(manifest.expiresAt - now, 0))
    }

    /// When a manifest becomes due: its last quarter (at least its last second: with whole seconds, a quarter
    /// of a short lifetime rounds to 0 and it would be served expired before it was renewed), `lead` earlier.
    static func renewalInstant(issuedAt: Int64, expiresAt: Int64, lead: Int64) -> Int64 {
        expiresAt - max((expiresAt - issuedAt) / 4, 1) - lead
    }

    /// How long before its go-live instant a renewal is signed, so every process sharing the index has taken
    /// it up (they poll every 250 ms) when it goes live on all of them at once: 2 s, less for lifetimes under
    /// 16 s (tests), where it would eat the margin.
    static func goLiveLead(lifetimeSeconds: Int64) -> Int64 {
        min(2, lifetimeSeconds / 8)
    }
}
