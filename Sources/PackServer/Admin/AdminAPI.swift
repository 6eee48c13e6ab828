import Foundation
import HTTPServer
import Logging
import PackStore
import Synchronization

/// The `/admin/` routes (docs/api.md "Admin API"): what is decided on the event loop, and the hand-off of
/// everything else to threads of its own.
///
/// On the loop, from the head alone and before any body byte is read: plaintext from a non-loopback address
/// → 403, an address blocked after failed authentications → 429, an unknown path → 404, a wrong method → 405.
/// Then the request is answered later (`DeferredResponse`): token verification reads the index, an upload
/// writes and fsyncs, a publish signs and commits — none of which may block a loop. Uploads run on a thread
/// each (at most `maxConcurrentUploads`, more get 503); the other requests on one serial queue.
public final class AdminAPI: Sendable {
    static let maxConcurrentUploads = 4

    let store: PackStore
    let signer: ManifestSigner?
    /// Mints `POST /admin/urls` answers from the live release; nil without a URL-signing secret.
    let urls: SignedURLs?
    let live: LiveRelease?
    let maxPackBytes: Int64
    let authenticator: AdminAuthenticator
    let logger: Logger
    private let runningUploads = Atomic<Int>(0)
    private let queue = DispatchQueue(label: "packserve-admin")

    /// - Parameters:
    ///   - signer: signs what `POST /admin/publish` and `/admin/rollback` make; nil answers them 503.
    ///   - urls: with `live`, answers `POST /admin/urls` (signed URLs of private packs); nil answers it 503.
    ///   - comparator: how token digests are compared; the default is the constant-time one. Tests inject
    ///     a recording one to see that it is used.
    public convenience init(
        store: PackStore, signer: ManifestSigner?, maxPackBytes: Int64, logger: Logger,
        urls: SignedURLs? = nil, live: LiveRelease? = nil,
        comparator: any TokenDigestComparator = ConstantTimeDigestComparator()
    ) {
        self.init(
            store: store, signer: signer, maxPackBytes: maxPackBytes, logger: logger, urls: urls, live: live,
            comparator: comparator, throttle: AuthenticationThrottle())
    }

    init(
        store: PackStore, signer: ManifestSigner?, maxPackBytes: Int64, logger: Logger, urls: SignedURLs?,
        live: LiveRelease?, comparator: any TokenDigestComparator, throttle: AuthenticationThrottle
    ) {
        self.store = store
        self.signer = signer
        self.urls = urls
        self.live = live
        self.maxPackBytes = maxPackBytes
        self.logger = logger
        authenticator = AdminAuthenticator(store: store, comparator: comparator, throttle: throttle)
    }

    /// The comparator tokens are verified with (for the test that proves it is the constant-time one).
    public var tokenComparator: any TokenDigestComparator { authenticator.comparator }

    /// On the loop: what may be refused before a byte of the body travels.
    func bodyHandling(for head: HTTPRequestHead, origin: RequestOrigin) -> RequestBodyHandling {
        switch admit(head, origin: origin) {
        case .failure(let refusal):
            return .refuse(refusal.response)
        case .success((let endpoint, _)):
            switch endpoint.body {
            case .none: return .refuse(AdminRefusal.takesNoContent.response)
            case .json: return .read
            // The limit (maxPackBytes) is enforced by the ingest, after the token is checked: an anonymous
            // client learns nothing, and a Content-Length over it is still refused before the body is read.
            case .stream: return .stream(maxBytes: .max)
            }
        }
    }

    /// On the loop: refuses at once, or answers later from another thread.
    func respond(to request: HTTPRequest) -> HTTPResponse {
        let endpoint: AdminEndpoint
        let address: String
        switch admit(request.head, origin: request.origin) {
        case .failure(let refusal): return refusal.response
        case .success(let admitted): (endpoint, address) = admitted
        }
        let pending = DeferredResponse()
        if endpoint.body == .stream {
            guard reserveUploadSlot() else { return AdminRefusal.tooManyUploads.response }
            let thread = Thread { [self] in
                defer { runningUploads.subtract(1, ordering: .relaxed) }
                pending.complete(handle(endpoint, request, from: address))
            }
            thread.name = "packserve-upload"
            thread.start()
        } else {
            queue.async { [self] in pending.complete(handle(endpoint, request, from: address)) }
        }
        return .deferred(pending)
    }

    /// The checks that need no index: where the request comes from, and which endpoint it names.
    private func admit(
        _ head: HTTPRequestHead, origin: RequestOrigin
    ) -> Result<(AdminEndpoint, String), AdminRefusal> {
        let peer = origin.peer()
        // Tokens must not cross a network in the clear: over plaintext only this machine is answered.
        guard origin.isSecure || peer?.isLoopback == true else { return .failure(.plaintextFromNetwork) }
        let address = peer?.address ?? "-"
        if let seconds = authenticator.throttle.retryAfter(for: address) {
            return .failure(.throttled(retryAfterSeconds: seconds))
        }
        return AdminEndpoint.route(method: head.method, path: head.path).map { ($0, address) }
    }

    private func reserveUploadSlot() -> Bool {
        let (running, _) = runningUploads.add(1, ordering: .relaxed)
        guard running <= Self.maxConcurrentUploads else {
            runningUploads.subtract(1, ordering: .relaxed)
            return false
        }
        return true
    }
}
