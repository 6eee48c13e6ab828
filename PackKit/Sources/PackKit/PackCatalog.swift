import Foundation
import PackKitWire

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An app's handle on one PackServe catalog: fetches the channel's signed manifest, trusts it only after
/// `ManifestVerifier` and the `RollbackGuard` agree, and downloads packs into a `PackStore`. Requests for
/// tags (`PackRequest`) sit on top, with On-Demand Resources' semantics.
///
/// Nothing is downloaded for a manifest that failed verification or is a rollback: those errors are thrown
/// from `refreshManifest()` before any pack is looked at.
public final class PackCatalog: Sendable {
    public let configuration: PackCatalogConfiguration
    public let store: PackStore
    public let rollbackGuard: RollbackGuard
    let transport: HTTPTransport
    private let verifier: ManifestVerifier
    /// This install's rollout cohort; nil unless it takes part in rollouts.
    public let cohort: Int?
    /// Install outcomes on their way to the server; nil unless the install takes part in rollouts.
    let reports: ReportQueue?

    private struct State {
        var manifest: VerifiedManifest?
        var fetchedAt: Date?
        var transfers: [String: SharedTransfer] = [:]
    }

    private let state = Locked(State())

    /// A manifest of 100,000 packs is about 40 MiB; this bounds what a wrong URL can make the app hold.
    static let manifestLimit = 256 << 20

    /// - Parameters:
    ///   - storeDirectory: where packs, partial downloads, the last manifest and the rollback state live.
    ///   - sessionConfiguration: copied; PackKit turns its cache and cookies off.
    public init(
        configuration: PackCatalogConfiguration, storeDirectory: URL,
        sessionConfiguration: URLSessionConfiguration = .ephemeral
    ) throws(PackKitError) {
        self.configuration = configuration
        store = try PackStore(directory: storeDirectory, clock: configuration.clock)
        rollbackGuard = RollbackGuard(file: store.rollbackStateURL)
        transport = HTTPTransport(configuration: sessionConfiguration, credentials: configuration.credentials)
        verifier = ManifestVerifier(
            keys: configuration.keys, channel: configuration.channel, build: configuration.build,
            clockSkewLeeway: configuration.clockSkewLeeway)
        if configuration.takesPartInRollouts {
            let cohort = try InstallIdentity(file: storeDirectory.appendingPathComponent("install-id")).cohort
            self.cohort = cohort
            reports = ReportQueue(
                file: storeDirectory.appendingPathComponent("reports.json"), cohort: cohort, clock: configuration.clock)
        } else {
            cohort = nil
            reports = nil
        }
    }

    /// The URL of the signed manifest this catalog reads.
    public var manifestURL: URL {
        ManifestLocation(
            baseURL: configuration.baseURL, channel: configuration.channel, build: configuration.build, cohort: cohort
        ).url
    }

    // MARK: The manifest

    /// Fetches the manifest, verifies it, passes it through the rollback guard and keeps it. Throws
    /// `PackKitError.verification` or `.rollback` for a manifest not to be trusted.
    @discardableResult
    public func refreshManifest() async throws -> VerifiedManifest {
        let bytes = try await fetchManifestBytes()
        let verified: VerifiedManifest
        do {
            verified = try verifier.verify(compactJWS: bytes, now: configuration.clock())
        } catch {
            throw PackKitError.verification(error)
        }
        try rollbackGuard.admit(verified)
        try AtomicFile.write(bytes, to: store.manifestURL)
        state.withLock { state in
            state.manifest = verified
            state.fetchedAt = configuration.clock()
        }
        return verified
    }

    /// The manifest to act on: the one fetched within `manifestRefreshInterval`, else a fresh one; when
    /// the network fails, the last one accepted (still signature-checked, its expiry ignored, so verified
    /// packs stay usable offline). Verification and rollback refusals are never papered over.
    public func manifest() async throws -> VerifiedManifest {
        let (cached, fetchedAt) = state.withLock { ($0.manifest, $0.fetchedAt) }
        if let cached, let fetchedAt,
           configuration.clock().timeIntervalSince(fetchedAt) < Double(configuration.manifestRefreshInterval.components.seconds)
        {
            return cached
        }
        do {
            return try await refreshManifest()
        } catch let error as PackKitError {
            switch error {
            case .transport, .server:
                if let stored = try storedManifest() { return stored }
                throw error
            default:
                throw error
            }
        }
    }

    /// The last manifest accepted, read from the store without the network (signature checked, expiry not).
    public func storedManifest() throws(PackKitError) -> VerifiedManifest? {
        if let cached = state.withLock({ $0.manifest }) { return cached }
        guard let bytes = try AtomicFile.read(store.manifestURL) else { return nil }
        do {
            let verified = try verifier.verifyIgnoringExpiry(compactJWS: bytes)
            state.withLock { $0.manifest = verified }
            return verified
        } catch {
            throw .verification(error)
        }
    }

    private func fetchManifestBytes() async throws -> [UInt8] {
        let url = manifestURL
        var failures = 0
        var challenged = false
        while true {
            let problem: String
            do {
                let (head, body) = try await transport.document(url, limit: Self.manifestLimit, challenged: challenged)
                switch head.status {
                case 200: return body
                case 401 where !challenged && configuration.credentials != nil:
                    challenged = true
                    continue
                case 401: throw PackKitError.unauthorized("\(url.absoluteString) answered 401")
                case 408, 429, 500...599: problem = "GET \(url.absoluteString): HTTP \(head.status)"
                default: throw PackKitError.server("GET \(url.absoluteString): HTTP \(head.status)")
                }
            } catch let error as PackKitError {
                throw error
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                problem = "GET \(url.absoluteString): \(error.localizedDescription)"
            }
            failures += 1
            guard failures <= configuration.retry.maxRetries else { throw PackKitError.transport(problem) }
            try await configuration.sleep(configuration.retry.delay(beforeRetry: failures))
        }
    }

    // MARK: Plans and downloads

    /// What to download now: essential and prefetch packs within the allowance, then `tags`' packs.
    public func plan(requestedTags tags: Set<String> = [], includeAutomatic: Bool = true) async throws -> DownloadPlan {
        let manifest = try await manifest().manifest
        for tag in tags.sorted() where manifest.tags[tag] == nil { throw PackKitError.unknownTag(tag) }
        return DownloadPlan(
            manifest: manifest, requestedTags: tags, installed: store.installedDigests, allowance: configuration.allowance,
            includeAutomatic: includeAutomatic)
    }

    /// Makes every pack of `tags` available in the store (downloading or resuming what is missing) and
    /// returns them, without holding them (see `PackRequest` for that).
    public func makeAvailable(tags: Set<String>, progress: Progress? = nil) async throws -> [InstalledPack] {
        let manifest = try await manifest().manifest
        let packs: [PackDescriptor]
        do { packs = try manifest.packs(forTags: tags.sorted()) } catch { throw PackKitError.unknownTag(error.tag) }
        return try await install(packs, progress: progress, priority: URLSessionTask.defaultPriority)
    }

    /// Installs `packs` one after another, reporting bytes on disk (already-installed packs count as done)
    /// to `progress`, whose `totalUnitCount` becomes their total size.
    func install(_ packs: [PackDescriptor], progress: Progress?, priority: @escaping @Sendable () -> Float) async throws
        -> [InstalledPack]
    {
        progress?.totalUnitCount = packs.reduce(0) { $0 + $1.size }
        var done: Int64 = 0
        var installed: [InstalledPack] = []
        for pack in packs {
            if let present = store.installedPack(matching: pack) {
                installed.append(present)
            } else {
                let base = done
                do {
                    installed.append(try await download(pack, priority: priority) { bytes in
                        progress?.completedUnitCount = base + bytes
                    })
                    report(pack, failure: nil)
                } catch let error as PackKitError {
                    report(pack, failure: error)
                    await sendReports()
                    throw error
                }
            }
            done += pack.size
            progress?.completedUnitCount = done
        }
        await sendReports()
        return installed
    }

    func install(_ packs: [PackDescriptor], progress: Progress?, priority: Float) async throws -> [InstalledPack] {
        try await install(packs, progress: progress, priority: { priority })
    }

    /// Downloads one pack into the store, joining a transfer of the same bytes already under way.
    func download(
        _ pack: PackDescriptor, priority: @escaping @Sendable () -> Float, observe: @escaping @Sendable (Int64) -> Void
    ) async throws -> InstalledPack {
        let key = pack.sha256.lowercased()
        let (transfer, isNew) = state.withLock { state -> (SharedTransfer, Bool) in
            if let running = state.transfers[key] { return (running, false) }
            let transfer = SharedTransfer()
            state.transfers[key] = transfer
            return (transfer, true)
        }
        if isNew {
            transfer.start { [self] shared in
                defer { _ = state.withLock { $0.transfers.removeValue(forKey: key) } }
                return try await transferPack(pack, shared: shared)
            }
        }
        return try await transfer.wait(priority: priority(), observe: observe)
    }

    private func transferPack(_ pack: PackDescriptor, shared: SharedTransfer) async throws -> InstalledPack {
        let url = try await sourceURL(for: pack)
        let partialURL = store.partialURL(for: pack)
        let partial = try PartialFile(url: partialURL)
        let download = PackDownload(
            transport: transport, pack: pack, url: url, partial: partial, chunkSize: configuration.chunkSize,
            retry: configuration.retry, sleep: configuration.sleep, report: { shared.report($0) },
            priority: { shared.priority })
        try await download.run()
        let installed = try store.install(verifiedFile: partialURL, for: pack)
        partial.validator = nil
        return installed
    }

    private func sourceURL(for pack: PackDescriptor) async throws -> URL {
        if let signedURL = configuration.signedURL, let url = try await signedURL(pack) { return url }
        guard let text = pack.url, let url = URL(string: text) else { throw PackKitError.unknownPack(pack.id) }
        return url
    }

    // MARK: Requests and events

    /// A request for `tags`, as `NSBundleResourceRequest(tags:)`.
    public func request(tags: Set<String>) -> PackRequest {
        PackRequest(tags: tags, catalog: self)
    }

    /// The store's events: installed, updated and purged packs.
    public func events() -> AsyncStream<PackEvent> {
        store.events()
    }
}
