import Foundation
import PackKitWire

/// How an app reaches its PackServe catalog and what it trusts. Everything but the base URL and the keys
/// has a default; the clock and the sleeper are there for tests.
public struct PackCatalogConfiguration: Sendable {
    /// The server (its `publicBaseURL`).
    public var baseURL: URL
    /// The keys the manifest must be signed with (more than one while rotating).
    public var keys: [PinnedKey]
    /// The channel the app reads (`production` unless a TestFlight build reads `beta`, say).
    public var channel: String
    /// The app's `CFBundleVersion`, to read the per-build view; nil reads the channel's current release.
    public var build: AppBuild?
    public var credentials: CatalogCredentials?
    /// Bytes of essential and prefetch packs fetched without the user asking.
    public var allowance: DownloadAllowance
    public var retry: RetryPolicy
    /// Bytes per ranged request.
    public var chunkSize: Int64
    public var clockSkewLeeway: Duration
    /// How long a fetched manifest is used before `manifest()` asks the server again.
    public var manifestRefreshInterval: Duration
    /// A signed URL for a private pack (from the app's backend, after checking a purchase); nil uses the
    /// manifest's URL.
    public var signedURL: (@Sendable (PackDescriptor) async throws -> URL?)?
    public var clock: @Sendable () -> Date
    public var sleep: Sleeper
    /// Takes part in staged rollouts (docs/rollouts.md): the manifest is read in this install's cohort's view
    /// (`/cohorts/{k}/`, `k` derived from a random identifier that never leaves the device), and each pack's
    /// install outcome is reported to the server (`POST /reports`). Off by default.
    public var takesPartInRollouts = false

    public init(
        baseURL: URL, keys: [PinnedKey], channel: String = PackManifest.productionChannel, build: AppBuild? = nil,
        credentials: CatalogCredentials? = nil, allowance: DownloadAllowance = .unlimited, retry: RetryPolicy = RetryPolicy(),
        chunkSize: Int64 = RangeRequestPlan.defaultChunkSize, clockSkewLeeway: Duration = .seconds(60),
        manifestRefreshInterval: Duration = .seconds(60), signedURL: (@Sendable (PackDescriptor) async throws -> URL?)? = nil,
        clock: @escaping @Sendable () -> Date = Date.init,
        sleep: @escaping Sleeper = { try await Task.sleep(for: $0) }
    ) {
        self.baseURL = baseURL
        self.keys = keys
        self.channel = channel
        self.build = build
        self.credentials = credentials
        self.allowance = allowance
        self.retry = retry
        self.chunkSize = chunkSize
        self.clockSkewLeeway = clockSkewLeeway
        self.manifestRefreshInterval = manifestRefreshInterval
        self.signedURL = signedURL
        self.clock = clock
        self.sleep = sleep
    }
}
