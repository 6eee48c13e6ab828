import Foundation
import Logging
import Metrics
import PackStore
import ReleaseViews

/// Keeps the served manifest current: takes up a manifest another process signed (publish signs in the
/// release's own transaction), and with a signing key signs the latest release again when
/// `SigningReason.due` says so.
///
/// Several `serve` processes may share one data directory (docs/reliability.md "One signer"). A renewal is
/// signed under the index's signing lease, so exactly one of them signs it and the others adopt it, and it
/// goes live `SigningReason.goLiveLead` seconds later (`StoredManifest.notBefore`) on all of them at once: a
/// client that moves between them never sees `version` go down.
struct ManifestRenewal {
    let store: PackStore
    let signer: ManifestSigner?
    let logger: Logger
    /// Seconds since 1970 when this server started (see `SigningReason.due`).
    let startedAt: Int64
    /// This process in the signing lease.
    let holder: String
    /// Records how long each signing took (docs/metrics.md `packserve_manifest_signing_duration_seconds`).
    var signingDuration = ServerDurations.discarded.manifestSigning

    init(
        store: PackStore, signer: ManifestSigner?, logger: Logger, startedAt: Int64,
        holder: String = ManifestRenewal.processName(),
        signingDuration: Metrics.Timer = ServerDurations.discarded.manifestSigning
    ) {
        self.store = store
        self.signer = signer
        self.logger = logger
        self.startedAt = startedAt
        self.holder = holder
        self.signingDuration = signingDuration
    }

    /// `host pid N #tag`: what a log line and the lease name this process by (the random tag tells apart two
    /// containers that share a host name and both run as pid 1).
    static func processName() -> String {
        let tag = String(UInt16.random(in: .min ... .max), radix: 16)
        return "\(ProcessInfo.processInfo.hostName) pid \(ProcessInfo.processInfo.processIdentifier) #\(tag)"
    }

    /// The newest manifest for release `latest`, given the newest this process knows (served, or waiting for
    /// its go-live instant). It may itself wait for its `notBefore`.
    func manifest(after known: StoredManifest?, latest: Int, now: Int64) throws -> StoredManifest? {
        var manifest = known
        if try store.latestManifestVersion() != known?.version {
            manifest = try store.latestManifest()
            if let signer, let manifest, manifest.profile != signer.profile, manifest.issuedAt > startedAt {
                logger.warning("""
                    manifest version \(manifest.version) was signed with other settings than this server's \
                    (\(manifest.profile), here \(signer.profile)): serving it as it is; give every signer the same \
                    publicBaseURL, manifest.packURLs and signing key
                    """)
            }
        }
        guard let signer else { return manifest }
        let lead = SigningReason.goLiveLead(lifetimeSeconds: signer.lifetimeSeconds)
        guard let reason = SigningReason.due(
            manifest, latestRelease: latest, profile: signer.profile, startedAt: startedAt, now: now, lead: lead)
        else { return manifest }
        let notBefore = reason.waitsForGoLive ? now + lead : now
        let outcome = try signingDuration.measure { () throws(PackStoreError) in
            try signer.renew(
                .production, after: manifest?.version, lease: lease(signingAt: now, lead: lead, by: signer),
                notBefore: notBefore, in: store, now: now)
        }
        switch outcome {
        case .signed(let signed):
            let served = try store.latestManifest()
            let first = served ?? signed.first
            logger.info("""
                signed release \(first?.release ?? latest) as manifest version \(first?.version ?? 0), live from \
                \(first?.notBefore ?? now), valid until \(first?.expiresAt ?? now) (\(reason)); \(signed.count) view(s) of \
                production
                """)
            return served
        case .renewedElsewhere:
            return try store.latestManifest()
        case .leaseHeld(let lease):
            logger.debug("manifest renewal is due (\(reason)); \(lease.holder) holds the signing lease until \(lease.until)")
            return manifest
        }
    }

    /// Renews every channel but production (whose served manifest `manifest(after:latest:now:)` looks after)
    /// whose signing is due, under the same lease: a channel no server serves yet still never expires.
    func renewOtherChannels(now: Int64) throws {
        guard let signer else { return }
        let lead = SigningReason.goLiveLead(lifetimeSeconds: signer.lifetimeSeconds)
        for state in try store.signingStates() where state.channel != ChannelName.production.text {
            guard let channel = ChannelName(state.channel),
                let reason = SigningReason.due(
                    state.manifest, latestRelease: state.release, profile: signer.profile, startedAt: startedAt,
                    now: now, lead: lead)
            else { continue }
            let outcome = try signingDuration.measure { () throws(PackStoreError) in
                try signer.renew(
                    channel, after: state.version, lease: lease(signingAt: now, lead: lead, by: signer),
                    notBefore: reason.waitsForGoLive ? now + lead : now, in: store, now: now)
            }
            if case .signed(let signed) = outcome, let first = signed.first {
                logger.info("""
                    signed \(channel)'s \(signed.count) view(s) as manifest version \(first.version), live from \
                    \(first.notBefore), valid until \(first.expiresAt) (\(reason))
                    """)
            }
        }
    }

    /// The lease a signing at `now` takes: until this process's next renewal is due, plus an eighth of the
    /// lifetime. Until then the others leave renewing to it; if it has gone by then, one of them takes over
    /// with that eighth still to spare.
    private func lease(signingAt now: Int64, lead: Int64, by signer: ManifestSigner) -> SigningLease {
        let lifetime = signer.lifetimeSeconds
        let due = SigningReason.renewalInstant(issuedAt: now, expiresAt: now + lifetime, lead: lead)
        return SigningLease(holder: holder, until: due + max(lifetime / 8, 1))
    }
}
