import Foundation
import Logging
import Manifest
import PackStore
import ServiceLifecycle

/// Keeps `LiveRelease` current: polls the index (two primary-key lookups every 250 ms, cheap in WAL mode)
/// and, when another process has published, rolled back or signed, loads the new snapshot or manifest off
/// the request path and swaps it in. With a signing key it also signs the latest release when it has no
/// manifest yet, and re-signs before the manifest expires. This is how `packserve publish` reaches a
/// running `serve` within a second.
public struct ReleaseWatcher: Service {
    let store: PackStore
    let live: LiveRelease
    let baseURL: String
    let style: PackURLStyle
    let signer: ManifestSigner?
    let logger: Logger
    let interval: Duration
    /// Seconds since 1970 when this watcher was made (see `ManifestSigner.reasonToSign`).
    let startedAt = Int64(Date().timeIntervalSince1970)

    public init(
        store: PackStore, live: LiveRelease, baseURL: String, style: PackURLStyle, signer: ManifestSigner?,
        logger: Logger, interval: Duration = .milliseconds(250)
    ) {
        self.store = store
        self.live = live
        self.baseURL = baseURL
        self.style = style
        self.signer = signer
        self.logger = logger
        self.interval = interval
    }

    public func run() async throws {
        // The release replaced on the previous tick: by now no request still uses it, so freeing it here
        // costs the watcher's thread, not a request.
        var retired: PublishedRelease?
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
            try? await Task.sleep(for: interval)
            retired = nil
            retired = refresh()
        }
        _ = retired
    }

    /// One poll. Errors are logged and retried on the next tick: a transient problem must not take down a
    /// server that is still serving the last release.
    /// Returns the release it replaced, for the caller to free later.
    @discardableResult
    public func refresh(now: Int64 = Int64(Date().timeIntervalSince1970)) -> PublishedRelease? {
        do {
            guard let latest = try store.latestReleaseNumber() else { return nil }
            var release = live.release
            if latest != release?.snapshot.release {
                release = try load(latest, keeping: release?.manifest)
            }
            guard var current = release else { return nil }
            // Another process may have signed (publish signs in the same transaction as the release).
            if try store.latestManifestVersion() != current.manifest?.version {
                current.manifest = try store.latestManifest()
                if let signer, let manifest = current.manifest, manifest.profile != signer.profile,
                   manifest.issuedAt > startedAt
                {
                    logger.warning("""
                        manifest version \(manifest.version) was signed with other settings than this server's \
                        (\(manifest.profile), here \(signer.profile)): serving it as it is; give every signer the same \
                        publicBaseURL, manifest.packURLs and signing key
                        """)
                }
            }
            if let signer,
               let reason = ManifestSigner.reasonToSign(
                   current.manifest, latestRelease: latest, profile: signer.profile, startedAt: startedAt, now: now)
            {
                let signed = try signer.sign(release: latest, in: store, now: now)
                current.manifest = signed
                logger.info("signed release \(latest) as manifest version \(signed.version), valid until \(signed.expiresAt) (\(reason))")
            }
            return live.replace(with: current)
        } catch {
            logger.error("cannot refresh the live release: \(error)")
            return nil
        }
    }

    private func load(_ number: Int, keeping manifest: StoredManifest?) throws -> PublishedRelease? {
        let started = ContinuousClock.now
        guard let (release, entries, otherBlobSizes) = try store.loadReleaseEntries(release: number) else { return nil }
        // The download manifest is encoded on another thread while the snapshot's dictionaries are built:
        // both only read `entries`, and with two cores the manifest then adds little to start-up or a swap.
        let manifests = LockedValue<DownloadManifestVariants?>(nil)
        let encoding = DispatchGroup()
        DispatchQueue.global().async(group: encoding) { [baseURL, style] in
            manifests.set(DownloadManifestVariants(
                release: release.number, createdAt: release.createdAt, packs: entries, baseURL: baseURL, style: style))
        }
        let snapshot = store.snapshot(of: release, entries: entries, otherBlobSizes: otherBlobSizes)
        encoding.wait()
        var published = try PublishedRelease(
            snapshot: snapshot, history: try store.releases(), baseURL: baseURL, style: style,
            downloadManifests: manifests.value)
        published.manifest = manifest
        let elapsed = ContinuousClock.now - started
        logger.info("release \(number) live: \(snapshot.packs.count) packs, loaded in \(elapsed.formatted(.units(allowed: [.milliseconds])))")
        return published
    }
}
