import Foundation
import HTTP1
import HTTPServer
import JSONText
import Logging
import Manifest

/// The application's routes, in front of the HTTP core: the host allow-list first, CORS, then the route table.
/// A class, so the event loops share one instance instead of copying its fields for every request.
public final class PackServeResponder: HTTPResponder {
    /// Shared by the pack and static routes; `OpenFileSweeper` closes files deleted or unused since.
    public let openFiles: OpenFileCache
    let hostCheck: HostCheck
    let crossOrigin: CrossOriginPolicy
    let routes: RouteTable
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
        now: @escaping @Sendable () -> Int64 = ApplicationClock.system.now, replica: ReplicaServing? = nil
    ) throws {
        self.admin = admin
        self.replica = replica
        hostCheck = HostCheck(allowedHosts: configuration.allowedHosts, publicBaseURL: configuration.publicBaseURL)
        crossOrigin = CrossOriginPolicy(hosts: hostCheck.hosts)
        let files = RepresentationResponder(maxRanges: configuration.limits.maxRanges)
        openFiles = OpenFileCache()
        let packs = PackRoute(
            live: live, files: files, openFiles: openFiles, credentials: credentials, now: now,
            readThrough: replica?.readThrough)
        let documents = JSONRoute(live: live, files: files)
        let downloadManifest = DownloadManifestRoute(
            live: live, files: files, unknownPlatforms: UnknownPlatformLog(logger: logger))
        let health = HealthRoute()
        let keySet = JWKSet(publicKeys)
        let manifests = ManifestRoute(
            live: live, files: files,
            keySet: EncodedDocument(
                body: try CanonicalJSON.encode(keySet), contentType: "application/jwk-set+json",
                entityTag: EntityTag(opaqueTag: "k-" + keySet.keys.map(\.kid).joined(separator: "-"))!,
                lastModified: now(), cacheControl: nil, compress: true))
        let staticFiles = StaticFileRoute(root: configuration.publicDirectory, files: files, openFiles: openFiles)

        // Every answer passes the finisher: lifetimes and surrogate keys are decided there (by the kind each
        // route declares), and only there.
        let requireCredentials = configuration.catalog.requireCredentials
        finisher = ResponseFinisher(
            cache: CachePolicy(
                sharedMaxAgeSeconds: configuration.cache.sharedMaxAgeSeconds,
                keyHeader: configuration.cache.surrogateKeyHeader, credentialed: requireCredentials),
            crossOrigin: crossOrigin)
        // With `catalog.requireCredentials`, a request without a download token is refused before its route runs.
        let gate = requireCredentials ? CatalogGate(credentials: credentials, now: now) : nil
        var routes = RouteTable(fallback: staticFiles.respond(to:))
        routes.get("/packs/{id}", caching: { .pack(id: $0[0]) }) { request, id in
            gate?.refusal(of: request, signedPath: "/packs/\(id[0])") ?? packs.pack(id: id[0], request: request)
        }
        routes.get("/blobs/sha256/{hex}", caching: { .blob(hex: $0[0]) }) { request, hex in
            gate?.refusal(of: request, signedPath: "/blobs/sha256/\(hex[0])") ?? packs.blob(hex: hex[0], request: request)
        }
        // The documents: each through the gate, then readiness (a replica behind its pointer answers 503).
        func document(_ pattern: String, _ answer: @escaping RouteTable.Handler) {
            routes.get(pattern, caching: { _ in .documents }) { request, parameters in
                gate?.refusal(of: request) ?? replica?.readiness.refusal() ?? answer(request, parameters)
            }
        }
        document("/tags/{tag}") { request, tag in documents.tag(tag[0], request: request) }
        document("/tags") { request, _ in documents.tagSet(request: request) }
        document("/download-manifest.json") { request, _ in downloadManifest.respond(to: request) }
        // A device whose Background Assets URL Override points here asks /manifest with its platform; without
        // one, /manifest stays the signed JWS.
        document("/manifest") { request, _ in
            DownloadManifestRoute.isRequested(by: request)
                ? downloadManifest.respond(to: request) : manifests.manifest(.jws, request: request)
        }
        document("/manifest.json") { request, _ in manifests.manifest(.payload, request: request) }
        document("/manifest.json.sig") { request, _ in manifests.manifest(.signature, request: request) }
        document("/.well-known/jwks.json") { request, _ in manifests.keys(request: request) }
        document("/releases") { request, _ in documents.releases(request: request) }
        document("/channels") { request, _ in documents.channels(request: request) }
        routes.get("/healthz") { request, _ in health.respond(to: request) }
        routes.get("/readyz") { request, _ in
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
        let (response, kind) = routes.respond(to: request)
        return finisher.finish(response, for: request, as: kind)
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
