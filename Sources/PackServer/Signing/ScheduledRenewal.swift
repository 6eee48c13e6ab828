import Logging
import PackStore

/// One renewal pass for `packserve renew`, run from cron where no publisher `serve` re-signs: the same
/// decision and signing lease as the daemon's (`ManifestRenewal`), once. A manifest signed before this run with
/// other settings counts as changed settings, as it does for a server that just started.
public enum ScheduledRenewal {
    /// The newest manifest after the pass (nil before the first publish), and whether this pass signed it.
    public static func run(
        store: PackStore, signer: ManifestSigner, logger: Logger, now: Int64
    ) throws -> (manifest: StoredManifest?, signed: Bool) {
        guard let latest = try store.answeringRelease() else { return (nil, false) }
        let before = try store.latestManifestVersion()
        let renewal = ManifestRenewal(store: store, signer: signer, logger: logger, startedAt: now)
        let manifest = try renewal.manifest(after: nil, latest: latest, now: now)
        return (manifest, manifest?.version != before)
    }
}
