import Foundation
import HTTP1
import HTTPServer
import JSONText
import Logging
import Manifest
import ReleaseViews

/// The application's routes, in front of the HTTP core: the host allow-list first, CORS, then the route table.
/// A class, so the event loops share one instance instead of copying its fields for every request.
public final class PackServeResponder: HTTPResponder {
    /// Shared by the pack and static routes; `OpenFileSweeper` closes files deleted or unused since.
    public let openFiles: OpenFileCache
    let hostCheck: HostCheck
    let crossOrigin: CrossOriginPolicy
    let routes: RouteTable
    /// Resolves the view a prefixed request names.
    let live: LiveRelease
    /// `catalog.requireCredentials`: every view, production's too, answers only to download tokens.
    let catalogRequiresCredentials: Bool
    /// Every final response passes it: cache lifetimes and keys, `no-store` on errors, CORS, the route label.
    let finisher: ResponseFinisher
    /// The names of the routes responses are tagged with (`HTTPResponse.route`), for `TrafficMetrics`.
    public var routeNames: [String] { routes.routeNames }
    /// `/healthz` and `/readyz` by path, for requests naming a host not allowed (docs/http.md "Probes").
    let probes: [String: @Sendable (HTTPRequest) -> HTTPResponse]
    /// The `/admin/` routes, when this server takes them.
    let admin: AdminAPI?
    /// Set on a replica: read-through of blobs, readiness, no admin API.
    let replica: ReplicaServing?
    /// `POST /reports`, where this server counts device reports (the publisher).
    let reports: ReportIntake?

    /// - Parameters:
    ///   - publicKeys: the keys listed at `/.well-known/jwks.json` (the signing key first).
    ///   - admin: answers `/admin/…` (docs/api.md "Admin API"); nil leaves those paths to the static files.
    ///   - credentials: what admits requests to private packs' bytes (docs/api.md "Private packs").
    ///   - logger: for what a request reveals that an operator should know (an unknown platform value).
    ///   - now: Unix seconds, for the expiry of signed URLs and the key set's Last-Modified.
    ///   - replica: set when this server is a replica of a bucket (`ReplicaApplication`).
    public init(
        configuration: PackServeConfiguration, live: LiveRelease, publicKeys: [VerificationKey], admin: AdminAPI? = nil,
        credentials: DownloadCredentials = DownloadCredentials(signature: nil),
        logger: Logger = Logger(label: "packserve") { _ in SwiftLogNoOpLogHandler() },
        now: @escaping @Sendable () -> Int64 = ApplicationClock.system.now, replica: ReplicaServing? = nil,
        reports: ReportIntake? = nil, adoption: AdoptionCounters? = nil
    ) throws {
        self.admin = admin
        self.reports = reports
        self.replica = replica
        hostCheck = HostCheck(allowedHosts: configuration.allowedHosts, publicBaseURL: configuration.publicBaseURL)
        crossOrigin = CrossOriginPolicy(hosts: hostCheck.hosts)
        let files = RepresentationResponder(maxRanges: configuration.limits.maxRanges)
        openFiles = OpenFileCache()
        let packs = PackRoute(
            live: live, files: files, openFiles: openFiles, credentials: credentials, now: now,
            readThrough: replica?.readThrough)
        let documents = JSONRoute(live: live, files: files)
        let downloadManifest = DownloadManifestRoute(files: files, unknownPlatforms: UnknownPlatformLog(logger: logger))
        let health = HealthRoute()
        let keySet = JWKSet(publicKeys)
        let manifests = ManifestRoute(
            files: files,
            keySet: EncodedDocument(
                body: try CanonicalJSON.encode(keySet), contentType: "application/jwk-set+json",
                entityTag: EntityTag(opaqueTag: "k-" + keySet.keys.map(\.kid).joined(separator: "-"))!,
                lastModified: now(), cacheControl: nil, compress: true))
        let staticFiles = StaticFileRoute(root: configuration.publicDirectory, files: files, openFiles: openFiles)

        // Every answer passes the finisher: lifetimes and surrogate keys are decided there (by the kind each
        // route declares, in the channel of the view the request named), and only there.
        let requireCredentials = configuration.catalog.requireCredentials
        self.live = live
        catalogRequiresCredentials = requireCredentials
        finisher = ResponseFinisher(
            cache: CachePolicy(
                sharedMaxAgeSeconds: configuration.cache.sharedMaxAgeSeconds,
                keyHeader: configuration.cache.surrogateKeyHeader, credentialed: requireCredentials),
            crossOrigin: crossOrigin)
        // With `catalog.requireCredentials`, or in a channel made with `--require-credentials`, a request without
        // a download token is refused before its route runs.
        let gate = CatalogGate(credentials: credentials, now: now)
        /// The view a request without a prefix reads: production's, for clients that name no build.
        @Sendable func served(_ view: ServedView?) -> ServedView? {
            view ?? live.release.map { ServedView(release: $0, channel: .production, requiresCredentials: requireCredentials) }
        }
        /// A pack's bytes, counted as a completed download for adoption (docs/rollouts.md "Adoption") once a
        /// response that reaches the last byte is written whole: one comparison for every other range.
        @Sendable func countingDownload(_ response: HTTPResponse, of targets: () -> [DownloadTarget]) -> HTTPResponse {
            guard let adoption, response.body.endsAtItsFilesLastByte else { return response }
            var response = response
            let targets = targets()
            response.onComplete = { adoption.countCompletedDownload(of: targets, hour: now() / 3600) }
            return response
        }
        var routes = RouteTable(fallback: staticFiles.respond(to:))
        routes.get("/packs/{id}", inViews: true, caching: { .pack(id: $0[0]) }) { request, id, view in
            if view?.requiresCredentials ?? requireCredentials,
                let refusal = gate.refusal(of: request, signedPath: "\(view?.prefix ?? "")/packs/\(id[0])")
            {
                return refusal
            }
            guard let view = served(view) else { return .noRelease }
            return countingDownload(packs.pack(id: id[0], in: view, request: request)) {
                [DownloadTarget(channel: view.channel.text, release: view.release.snapshot.release)]
            }
        }
        routes.get("/blobs/sha256/{hex}", caching: { .blob(hex: $0[0]) }) { request, hex, _ in
            if requireCredentials || live.blobNeedsCredentials(hex[0]),
                let refusal = gate.refusal(of: request, signedPath: "/blobs/sha256/\(hex[0])")
            {
                return refusal
            }
            let digest = hex[0]
            return countingDownload(packs.blob(hex: digest, request: request)) { live.downloadTargets(of: digest) }
        }
        // The documents: each through the gate, then readiness (a replica behind its pointer answers 503).
        func document(
            _ pattern: String, inViews: Bool = true, caching: CachePolicy.Kind = .documents,
            _ answer: @escaping @Sendable (HTTPRequest, [String], ServedView?) -> HTTPResponse
        ) {
            routes.get(pattern, inViews: inViews, caching: { _ in caching }) { request, parameters, view in
                if view?.requiresCredentials ?? requireCredentials, let refusal = gate.refusal(of: request) { return refusal }
                return replica?.readiness.refusal() ?? answer(request, parameters, view)
            }
        }
        /// A manifest of the view the request reads, counted for adoption (docs/rollouts.md "Adoption") when
        /// it was answered with the release (200, or 304 to a revalidation); a cohort's 404 is no adoption.
        @Sendable func counted(_ view: ServedView, _ response: HTTPResponse) -> HTTPResponse {
            if let adoption, view.release.signed != nil, response.status == .ok || response.status == .notModified {
                adoption.countManifest(channel: view.channel.text, release: view.release.snapshot.release, hour: now() / 3600)
            }
            return response
        }
        /// A document of the view the request reads.
        func viewDocument(_ pattern: String, _ answer: @escaping @Sendable (HTTPRequest, [String], ServedView) -> HTTPResponse) {
            document(pattern) { request, parameters, view in
                guard let view = served(view) else { return .noRelease }
                return answer(request, parameters, view)
            }
        }
        viewDocument("/tags/{tag}") { request, tag, view in documents.tag(tag[0], in: view, request: request) }
        viewDocument("/tags") { request, _, view in documents.tagSet(in: view, request: request) }
        viewDocument("/download-manifest.json") { request, _, view in
            counted(view, downloadManifest.respond(to: request, in: view))
        }
        // A device whose Background Assets URL Override points here asks /manifest with its platform; without
        // one, /manifest stays the signed JWS.
        viewDocument("/manifest") { request, _, view in
            counted(view, DownloadManifestRoute.isRequested(by: request)
                ? downloadManifest.respond(to: request, in: view) : manifests.manifest(.jws, in: view, request: request))
        }
        viewDocument("/manifest.json") { request, _, view in counted(view, manifests.manifest(.payload, in: view, request: request)) }
        viewDocument("/manifest.json.sig") { request, _, view in manifests.manifest(.signature, in: view, request: request) }
        document("/.well-known/jwks.json", inViews: false) { request, _, _ in manifests.keys(request: request) }
        document("/releases", inViews: false, caching: .releases) { request, _, _ in documents.releases(request: request) }
        document("/channels", inViews: false, caching: .releases) { request, _, _ in documents.channels(request: request) }
        routes.get("/healthz") { request, _, _ in health.respond(to: request) }
        routes.get("/readyz") { request, _, _ in
            replica?.readiness.refusal() ?? documents.readiness(request: request, namingRelease: true)
        }
        self.routes = routes
        // Container, Kubernetes and load-balancer probes name a pod IP or nothing: they learn whether the
        // server is alive and ready, not what it serves (so /readyz does not name the release).
        probes = [
            "/healthz": { request in health.respond(to: request) },
            "/readyz": { request in
                guard request.method.isGetOrHead else { return .methodNotAllowed(allow: RouteTable.allowedMethods) }
                return replica?.readiness.refusal() ?? documents.readiness(request: request, namingRelease: false)
            },
        ]
    }

    public func respond(to request: HTTPRequest) -> HTTPResponse {
        if let early = answerBeforeRoutes(request) {
            return finisher.finish(early, for: request, as: .other, crossOrigin: false)
        }
        if ViewPrefix.mayHavePrefix(Substring(request.path)) { return respondInView(request) }
        let (response, kind) = routes.respond(to: request)
        // A blob only channels that require credentials list is kept by no shared cache.
        if case .blob(let hex) = kind, live.blobNeedsCredentials(hex) {
            return finisher.finish(response, for: request, as: kind, scope: (.production, true))
        }
        return finisher.finish(response, for: request, as: kind)
    }

    /// A request whose path starts with a view prefix (docs/channels.md "Views"): the prefix is split off by
    /// `ViewPrefix` (400 when malformed), the view resolved in the catalog being served (404 for an unknown
    /// channel, or a build no release of the channel admits), and the rest of the path routed in that view.
    private func respondInView(_ request: HTTPRequest) -> HTTPResponse {
        switch ViewPrefix.split(Substring(request.path)) {
        case .none:
            let (response, kind) = routes.respond(to: request)
            return finisher.finish(response, for: request, as: kind)
        case .malformed(let reason):
            return finisher.finish(.problem(.badRequest, detail: reason), for: request, as: .other)
        case .view(let selector, let rest):
            switch live.resolve(selector, catalogRequiresCredentials: catalogRequiresCredentials) {
            case .view(let view):
                let (response, kind) = routes.respond(to: request, in: view, path: rest)
                return finisher.finish(
                    response, for: request, as: kind, scope: (view.channel, view.requiresCredentials))
            case .unknownChannel(let name):
                return finisher.finish(.problem(.notFound, detail: "there is no channel \(name)"), for: request, as: .other)
            case .noRelease(let channel, let build):
                let builds = build.map { "build \($0)" } ?? "clients that name no build"
                return finisher.finish(
                    .problem(.notFound, detail: "no release of channel \(channel) is for \(builds)"), for: request, as: .other)
            case .notLoaded:
                return finisher.finish(.noRelease, for: request, as: .other)
            }
        }
    }

    /// What is answered before the route table: refusals, probes, the admin API, preflights.
    private func answerBeforeRoutes(_ request: HTTPRequest) -> HTTPResponse? {
        // Resolved before anything else (docs/http.md "Order of evaluation", step 0): a request for another host
        // gets no content, whatever the route, method, body, Range or precondition — only the probes answer it.
        if let misdirected = hostCheck.refusal(of: request.head) {
            guard let probe = probes[request.path] else { return misdirected }
            return request.body == nil ? probe(request) : Self.refusal(ofContentFor: request.head)
        }
        if replica != nil, AdminEndpoint.isAdminPath(request.path) { return ReplicaServing.adminRefusal }
        if let admin, AdminEndpoint.isAdminPath(request.path) { return admin.respond(to: request) }
        if let reports, request.path == ReportIntake.path { return reports.respond(to: request) }
        // No other route takes a request body: answered without reading a byte of it, so it never travels.
        if request.body != nil { return Self.refusal(ofContentFor: request.head) }
        if let preflight = crossOrigin.preflight(request) { return preflight }
        // RFC 9110 §9.3.7: `OPTIONS *` asks about the server as a whole.
        if request.method == .options && request.path == "*" {
            return HTTPResponse(status: .ok, headers: ["Allow": "GET, HEAD, OPTIONS"])
        }
        return nil
    }

    /// The answer to content sent to a route that takes none: 405 for a method no route here answers, 413
    /// for GET, HEAD and OPTIONS (content has no meaning there, RFC 9110 §9.3.1).
    static func refusal(ofContentFor head: HTTPRequestHead) -> HTTPResponse {
        guard head.method.isGetOrHead || head.method == .options else { return .methodNotAllowed(allow: "GET, HEAD") }
        return .problem(.contentTooLarge, detail: "requests here take no content")
    }
}
