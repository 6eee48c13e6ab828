import HTTP1
import HTTPServer
import PackStore

/// The admin routes (docs/api.md "Admin API") as values: which one a request names, the scope its token
/// needs and how its body is taken. Pure, so it is decided on the event loop before anything is read.
enum AdminEndpoint: Equatable, Sendable {
    case putPack(id: String)
    case patchPack(id: String)
    case deletePack(id: String)
    case draft
    case publish
    case rollback
    /// `POST /admin/urls`: a signed URL of a private pack.
    case signURL
    /// `GET /admin/channels`, `PUT` and `DELETE /admin/channels/{name}` (docs/channels.md).
    case channels
    case putChannel(name: String)
    case deleteChannel(name: String)
    /// `GET` and `PUT /admin/channels/{name}/rollout` (docs/rollouts.md).
    case rollout(channel: String)
    case putRollout(channel: String)
    /// `GET /admin/stats?channel=C&hours=H`: adoption and outcomes by hour (docs/rollouts.md "Adoption").
    case stats
    /// `POST /admin/reports`: a replica's forwarded outcome counts (docs/rollouts.md "Replicas").
    case forwardReports
    /// `GET /admin/builds`, `PUT /admin/builds/{build}`: the build map.
    case builds
    case putBuild(build: String)

    enum Body: Equatable {
        /// No body is read (one that comes anyway is refused before it is read).
        case none
        /// A small JSON document, read whole (at most `limits.maxAdminBodyBytes`).
        case json
        /// The pack's bytes, streamed into the store.
        case stream
    }

    static let pathPrefix = "/admin/"

    static func isAdminPath(_ path: String) -> Bool { path.hasPrefix(pathPrefix) || path == "/admin" }

    var scope: TokenScope {
        switch self {
        case .putPack: .upload
        case .draft, .channels, .builds: .read
        case .patchPack, .deletePack, .publish, .rollback, .putChannel, .deleteChannel, .putBuild: .publish
        // An app's backend asks for a URL after checking a purchase: the same right as downloading.
        case .signURL: .download
        case .rollout, .putRollout, .stats: .rollout
        case .forwardReports: .reports
        }
    }

    var body: Body {
        switch self {
        case .putPack: .stream
        case .patchPack, .publish, .rollback, .signURL, .putChannel, .putBuild, .putRollout, .forwardReports: .json
        case .deletePack, .draft, .channels, .deleteChannel, .builds, .rollout, .stats: .none
        }
    }

    /// The endpoint `method` and `path` name, or the 404, 405 or 400 to answer instead.
    static func route(method: HTTPMethod, path: String) -> Result<AdminEndpoint, AdminRefusal> {
        guard let segments = SafePath(percentEncodedPath: path)?.segments else {
            return .failure(.malformedPath)
        }
        switch segments.dropFirst().first {
        case "packs" where segments.count == 3:
            let id = segments[2]
            switch method {
            case .put: return .success(.putPack(id: id))
            case .patch: return .success(.patchPack(id: id))
            case .delete: return .success(.deletePack(id: id))
            default: return .failure(.methodNotAllowed(allow: "PUT, PATCH, DELETE"))
            }
        case "draft" where segments.count == 2:
            return method.isGetOrHead ? .success(.draft) : .failure(.methodNotAllowed(allow: "GET, HEAD"))
        case "publish" where segments.count == 2:
            return method == .post ? .success(.publish) : .failure(.methodNotAllowed(allow: "POST"))
        case "rollback" where segments.count == 2:
            return method == .post ? .success(.rollback) : .failure(.methodNotAllowed(allow: "POST"))
        case "urls" where segments.count == 2:
            return method == .post ? .success(.signURL) : .failure(.methodNotAllowed(allow: "POST"))
        case "channels" where segments.count == 2:
            return method.isGetOrHead ? .success(.channels) : .failure(.methodNotAllowed(allow: "GET, HEAD"))
        case "channels" where segments.count == 3:
            switch method {
            case .put: return .success(.putChannel(name: segments[2]))
            case .delete: return .success(.deleteChannel(name: segments[2]))
            default: return .failure(.methodNotAllowed(allow: "PUT, DELETE"))
            }
        case "channels" where segments.count == 4 && segments[3] == "rollout":
            switch method {
            case .get, .head: return .success(.rollout(channel: segments[2]))
            case .put: return .success(.putRollout(channel: segments[2]))
            default: return .failure(.methodNotAllowed(allow: "GET, HEAD, PUT"))
            }
        case "stats" where segments.count == 2:
            return method.isGetOrHead ? .success(.stats) : .failure(.methodNotAllowed(allow: "GET, HEAD"))
        case "reports" where segments.count == 2:
            return method == .post ? .success(.forwardReports) : .failure(.methodNotAllowed(allow: "POST"))
        case "builds" where segments.count == 2:
            return method.isGetOrHead ? .success(.builds) : .failure(.methodNotAllowed(allow: "GET, HEAD"))
        case "builds" where segments.count == 3:
            return method == .put ? .success(.putBuild(build: segments[2])) : .failure(.methodNotAllowed(allow: "PUT"))
        default:
            return .failure(.notFound(path))
        }
    }
}
