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

    /// Why `manifest` must be (re)signed, or nil if it need not. Clients refuse expired manifests, so a
    /// running server renews early.
    ///
    /// Other settings matter only for a manifest from before `startedAt` (the operator changed the
    /// configuration and restarted). One signed later comes from another running signer; re-signing it
    /// would start two daemons re-signing each other's manifests forever.
    static func due(
        _ manifest: StoredManifest?, latestRelease: Int, profile: String, startedAt: Int64, now: Int64
    ) -> SigningReason? {
        guard let manifest, manifest.release == latestRelease else { return .unsigned(release: latestRelease) }
        if manifest.profile != profile && manifest.issuedAt <= startedAt { return .settingsChanged }
        let lifetime = manifest.expiresAt - manifest.issuedAt
        // At least a second of margin: with whole seconds, a quarter of a short lifetime rounds to 0 and
        // the manifest would be served expired before it was renewed.
        let left = manifest.expiresAt - now
        return left <= max(lifetime / 4, 1) ? .expiresSoon(version: manifest.version, secondsLeft: max(left, 0)) : nil
    }
}
