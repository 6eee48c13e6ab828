import Foundation
import HTTPServer
import Manifest

/// The application's routes (CONTRACT.md "HTTP"), in front of the HTTP core.
/// A class, so the event loops share one instance instead of copying its fields for every request.
public final class PackServeResponder: HTTPResponder {
    let health = HealthRoute()
    let packs: PackRoute
    let documents: JSONRoute
    let manifests: ManifestRoute
    let staticFiles: StaticFileRoute
    /// Shared by the pack and static routes; `OpenFileSweeper` closes the files deleted since they were opened.
    public let openFiles: OpenFileCache
    let hosts: HostAllowList
    let crossOrigin: CrossOriginPolicy

    /// - Parameter publicKeys: the keys listed at `/.well-known/jwks.json` (the signing key first).
    public init(configuration: PackServeConfiguration, live: LiveRelease, publicKeys: [VerificationKey]) throws {
        hosts = HostAllowList(configuration.allowedHosts)
        crossOrigin = CrossOriginPolicy(hosts: hosts)
        let files = FileResponder(maxRanges: configuration.limits.maxRanges)
        openFiles = OpenFileCache()
        packs = PackRoute(live: live, files: files, openFiles: openFiles)
        documents = JSONRoute(live: live)
        let keySet = JWKSet(publicKeys)
        manifests = ManifestRoute(
            live: live, keySet: try CanonicalJSON.encode(keySet),
            keySetTag: EntityTag(opaqueTag: "k-" + keySet.keys.map(\.kid).joined(separator: "-"))!,
            startedAt: Int64(Date().timeIntervalSince1970))
        staticFiles = StaticFileRoute(root: configuration.publicDirectory, files: files, openFiles: openFiles)
    }

    public func respond(to request: HTTPRequest) -> HTTPResponse {
        // Resolved before anything else (HTTP-RANGES.md step 0): a request for another host gets no content,
        // whatever the route, method, Range or precondition.
        guard let host = request.head.hostWithoutPort, hosts.allows(host) else {
            return HTTPResponse(status: .misdirectedRequest)
        }
        if let preflight = crossOrigin.preflight(request) { return preflight }
        // RFC 9110 §9.3.7: `OPTIONS *` asks about the server as a whole.
        if request.method == .options && request.path == "*" {
            return HTTPResponse(status: .ok, headers: ["Allow": "GET, HEAD, OPTIONS"])
        }
        var response = route(request)
        crossOrigin.decorate(&response, for: request)
        return response
    }

    /// No route takes a request body. Refused before a byte of it is read: whatever the route would
    /// answer for another host or method, and 413 for GET and HEAD (a body there has no meaning).
    public func refusal(ofBodyFor head: HTTPRequestHead) -> HTTPResponse? {
        guard let host = head.hostWithoutPort, hosts.allows(host) else {
            return HTTPResponse(status: .misdirectedRequest)
        }
        guard head.method.isGetOrHead || head.method == .options else { return .methodNotAllowed(allow: "GET, HEAD") }
        return .problem(.contentTooLarge, detail: "requests here take no content")
    }

    private func route(_ request: HTTPRequest) -> HTTPResponse {
        let path = request.path
        if path.hasPrefix("/packs/") || path.hasPrefix("/blobs/") || path.hasPrefix("/tags/") {
            // Decoding refuses `..`, NUL and encoded slashes, so an id can never name a file path.
            guard let segments = SafePath(percentEncodedPath: path)?.segments else {
                return .problem(.badRequest, detail: "malformed path")
            }
            switch segments.count {
            case 2 where segments[0] == "packs": return packs.pack(id: segments[1], request: request)
            case 2 where segments[0] == "tags": return documents.tag(segments[1], request: request)
            case 3 where segments[0] == "blobs" && segments[1] == "sha256":
                return packs.blob(hex: segments[2], request: request)
            default: return .notFound(path)
            }
        }
        switch path {
        case "/healthz": return health.respond(to: request)
        case "/readyz": return documents.readiness(request: request)
        case "/releases": return documents.releases(request: request)
        case "/manifest": return manifests.manifest(.jws, request: request)
        case "/manifest.json": return manifests.manifest(.payload, request: request)
        case "/manifest.json.sig": return manifests.manifest(.signature, request: request)
        case "/.well-known/jwks.json": return manifests.keys(request: request)
        default: return staticFiles.respond(to: request)
        }
    }
}
