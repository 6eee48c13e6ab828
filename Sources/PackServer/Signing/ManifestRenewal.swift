import Foundation
import Logging
import Metrics
import PackStore
import ReleaseViews

/// Keeps every channel's signing current: with a signing key, signs a channel's views again when
/// `SigningReason.due` says so (publish and every other change sign in their own transaction).
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
    let settingsLog: SigningSettingsLog

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
        settingsLog = SigningSettingsLog(logger: logger)
    }

    /// `host pid N #tag`: what a log line and the lease name this process by (the random tag tells apart two
    /// containers that share a host name and both run as pid 1).
    static func processName() -> String {
        let tag = String(UInt16.random(in: .min ... .max), radix: 16)
        return "\(ProcessInfo.processInfo.hostName) pid \(ProcessInfo.processInfo.processIdentifier) #\(tag)"
    }

    /// Renews every channel whose signing is due (`SigningReason.due`), under one signing lease: production's
    /// views and every other channel's, whether or not this server is asked for them, so none ever expires.
    /// Returns the names of the channels this pass signed.
    @discardableResult
    func renewDue(now: Int64) throws -> [String] {
        let states = try store.signingStates()
        guard let signer else { return [] }
        let lead = SigningReason.goLiveLead(lifetimeSeconds: signer.lifetimeSeconds)
        var renewed: [String] = []
        for state in states {
            guard let channel = ChannelName(state.channel) else { continue }
            if state.profile != signer.profile, state.issuedAt > startedAt {
                settingsLog.record(channel: state.channel, version: state.version, profile: state.profile, ours: signer.profile)
            }
            guard let reason = SigningReason.due(
                state.manifest, latestRelease: state.release, profile: signer.profile, startedAt: startedAt,
                now: now, lead: lead)
            else { continue }
            let outcome = try signingDuration.measure { () throws(PackStoreError) in
                try signer.renew(
                    channel, after: state.version, lease: lease(signingAt: now, lead: lead, by: signer),
                    notBefore: reason.waitsForGoLive ? now + lead : now, in: store, now: now)
            }
            switch outcome {
            case .signed(let signed):
                guard let first = signed.first else { continue }
                renewed.append(state.channel)
                logger.info("""
                    signed release \(first.release) as manifest version \(first.version), channel \(channel), \
                    \(signed.count) view(s), live from \(first.notBefore), valid until \(first.expiresAt) (\(reason))
                    """)
            case .renewedElsewhere:
                continue
            case .leaseHeld(let lease):
                logger.debug("\(channel)'s renewal is due (\(reason)); \(lease.holder) holds the signing lease until \(lease.until)")
            }
        }
        return renewed
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
