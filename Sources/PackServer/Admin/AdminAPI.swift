import BlockingWork
import Foundation
import HTTP1
import HTTPServer
import Logging
import PackStore

/// The `/admin/` routes (docs/api.md "Admin API"): what is decided on the event loop, and the hand-off of
/// everything else to threads of its own.
///
/// On the loop, from the head alone and before any body byte is read: plaintext from a non-loopback address
/// → 403, a client blocked after failed authentications → 429, an unknown path → 404, a wrong method → 405,
/// no credentials at all → 401, content for an endpoint that takes none → 413. The connection reads no
/// byte of a body until the handler asks (`RequestBody`), and the handler asks only once the token is
/// verified: a stranger never makes the server hold a body. Token verification reads the index, an upload
/// writes and fsyncs, a publish signs and commits — none of which may block a loop. Uploads run on a thread
/// each (at most `maxUploads`, more get 503) and stream their body; the other requests are verified on a
/// concurrent queue, their JSON bodies read whole by the connection, then do their work one at a time on a
/// serial queue.
public final class AdminAPI: Sendable {
    let store: PackStore
    let signer: ManifestSigner?
    /// Mints `POST /admin/urls` answers from the live release; nil without a URL-signing secret.
    let urls: SignedURLs?
    let live: LiveRelease?
    /// Where `POST /admin/reports` adds a replica's counts (flushed with the publisher's own); nil answers 503.
    let reportCounters: ReportCounters?
    let limits: AdminLimits
    let authenticator: AdminAuthenticator
    let durations: ServerDurations
    let logger: Logger
    let uploads: UploadSlots
    /// Unix seconds: when a publish or rollback is signed, and what a signed URL's lifetime counts from.
    let now: @Sendable () -> Int64
    /// Verifies tokens and reads JSON bodies (which may wait on the network) in parallel, on a bounded number
    /// of threads: requests past it wait their turn instead of each getting a thread.
    private let intake = BlockingPool(name: "admin-intake", maxThreads: 16)
    /// Does the store work of non-upload requests, one at a time.
    let queue = DispatchQueue(label: "packserve-admin")

    /// - Parameters:
    ///   - signer: signs what `POST /admin/publish` and `/admin/rollback` make; nil answers them 503.
    ///   - urls: with `live`, answers `POST /admin/urls` (signed URLs of private packs); nil answers it 503.
    ///   - reportCounters: with `live`, answers `POST /admin/reports`; nil answers it 503.
    ///   - durations: where ingest and publish times are recorded (`/metrics`).
    ///   - comparator: how token digests are compared; the default is the constant-time one. Tests inject
    ///     a recording one to see that it is used.
    ///   - clock: the instants releases are signed at and signed URLs expire from, and the monotonic seconds
    ///     of the authentication throttle and the upload slots.
    public init(
        store: PackStore, signer: ManifestSigner?, limits: AdminLimits, logger: Logger,
        urls: SignedURLs? = nil, live: LiveRelease? = nil, reportCounters: ReportCounters? = nil,
        durations: ServerDurations = .discarded,
        comparator: any TokenDigestComparator = ConstantTimeDigestComparator(), clock: ApplicationClock = .system
    ) {
        self.store = store
        self.signer = signer
        self.urls = urls
        self.live = live
        self.reportCounters = reportCounters
        self.limits = limits
        self.durations = durations
        self.logger = logger
        now = clock.now
        uploads = UploadSlots(
            maxUploads: limits.configured.maxUploads, maxPerToken: limits.configured.maxUploadsPerToken,
            cooldownSeconds: Double(limits.configured.uploadWindowSeconds), clock: clock.uptime)
        authenticator = AdminAuthenticator(
            store: store, comparator: comparator, throttle: AuthenticationThrottle(clock: clock.uptime))
    }

    /// The comparator tokens are verified with (for the test that proves it is the constant-time one).
    public var tokenComparator: any TokenDigestComparator { authenticator.comparator }

    /// On the loop: refuses at once, or answers later from another thread.
    func respond(to request: HTTPRequest) -> HTTPResponse {
        let endpoint: AdminEndpoint
        let address: String
        switch admit(request.head, origin: request.origin) {
        case .failure(let refusal): return refusal.response
        case .success(let admitted): (endpoint, address) = admitted
        }
        // An endpoint without a body refuses one before it travels.
        if endpoint.body == .none, request.body != nil { return AdminRefusal.takesNoContent.response }
        let pending = DeferredResponse()
        if endpoint.body == .stream {
            guard uploads.reserve() else { return AdminRefusal.tooManyUploads(limit: uploads.maxUploads).response }
            let thread = Thread { [self] in
                defer { uploads.release() }
                pending.complete(handleUpload(endpoint, request, from: address))
            }
            thread.name = "packserve-upload"
            thread.start()
        } else {
            intake.run { [self] in handle(endpoint, request, from: address, completing: pending) }
        }
        return .deferred(pending)
    }

    /// The checks that need no index: where the request comes from, which endpoint it names, and that it
    /// brings credentials at all.
    private func admit(
        _ head: HTTPRequestHead, origin: RequestOrigin
    ) -> Result<(AdminEndpoint, String), AdminRefusal> {
        // The client a trusted proxy named, if any (docs/http.md "Client address behind a proxy"): behind
        // one, the proxy's own loopback address must not open the plain-HTTP door, nor share one throttle.
        let client = origin.client()
        // Tokens must not cross a network in the clear: over plaintext only `admin.plaintextClients` (this
        // machine by default) are answered.
        guard origin.isSecure || limits.answersPlaintext(from: client?.address) else { return .failure(.plaintextFromNetwork) }
        let address = client?.address ?? "-"
        if let seconds = authenticator.throttle.retryAfter(for: address) {
            return .failure(.throttled(retryAfterSeconds: seconds))
        }
        return AdminEndpoint.route(method: head.method, path: head.path).flatMap { endpoint in
            BearerCredentials.token(in: head.headers) == nil
                ? .failure(.unauthenticated(invalidToken: false)) : .success((endpoint, address))
        }
    }
}
