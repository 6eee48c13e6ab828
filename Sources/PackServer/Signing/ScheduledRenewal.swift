import Logging
import PackStore
import ReleaseViews

/// One renewal pass for `packserve renew`, run from cron where no publisher `serve` re-signs: the same
/// decision and signing lease as the daemon's (`ManifestRenewal`), once, for every channel. A manifest signed
/// before this run with other settings counts as changed settings, as it does for a server that just started.
public enum ScheduledRenewal {
    /// Production's newest manifest after the pass (nil before the first publish), and whether this pass
    /// signed it.
    public static func run(
        store: PackStore, signer: ManifestSigner, logger: Logger, now: Int64
    ) throws -> (manifest: StoredManifest?, signed: Bool) {
        let renewal = ManifestRenewal(store: store, signer: signer, logger: logger, startedAt: now)
        let renewed = try renewal.renewDue(now: now)
        return (try store.latestManifest(), renewed.contains(ChannelName.production.text))
    }
}
