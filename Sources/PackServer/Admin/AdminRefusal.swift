import Glibc
import HTTP1
import HTTPServer
import PackStore

/// Why the admin API refuses a request (docs/api.md "Admin API"): the cases its code matches on, each a
/// constructor of the one refusal value (`HTTPProblem`), so this is the one place that says which status,
/// detail and fields each refusal gets.
enum AdminRefusal: Error, Equatable, Sendable {
    case malformedPath
    case notFound(String)
    case methodNotAllowed(allow: String)
    /// Plaintext from an address that is not loopback.
    case plaintextFromNetwork
    /// Too many failed authentications from this address lately.
    case throttled(retryAfterSeconds: Int)
    /// No `Authorization: Bearer` credentials, or ones that name no token.
    case unauthenticated(invalidToken: Bool)
    case missingScope(TokenScope)
    /// Every upload slot is taken (`limits.maxUploads`).
    case tooManyUploads(limit: Int)
    /// This token holds its share of the slots (`limits.maxUploadsPerToken`).
    case tooManyUploadsForToken(limit: Int)
    /// This token's last upload was ended for being too slow; it waits before the next.
    case tokenCoolingDown(retryAfterSeconds: Int)
    case takesNoContent
    case badRequest(String)
    case store(PackStoreError)
    case noSigningKey
    /// Reports are counted where rollouts halt: by the process that holds the key.
    case takesNoReports
    case noURLSigningSecret
    case cannotSign(SignedURLs.Refusal)

    var response: HTTPResponse { problem.response }

    var problem: HTTPProblem {
        switch self {
        case .malformedPath:
            return HTTPProblem(.badRequest, detail: "malformed path")
        case .notFound(let path):
            return HTTPProblem(.notFound, detail: "no admin resource at \(path)")
        case .methodNotAllowed(let allow):
            return HTTPProblem(.methodNotAllowed, detail: "this resource answers \(allow) only", headers: ["Allow": allow])
        case .plaintextFromNetwork:
            return HTTPProblem(
                .forbidden, detail: "over plain HTTP the admin API answers only loopback clients; use HTTPS")
        case .throttled(let seconds):
            return HTTPProblem(
                .tooManyRequests, detail: "too many failed authentications from this address; retry in \(seconds) s",
                headers: ["Retry-After": String(seconds)])
        case .unauthenticated(let invalidToken):
            // RFC 6750 §3: no error code when no credentials came, invalid_token when they named no token.
            let challenge = invalidToken ? #"Bearer realm="packserve-admin", error="invalid_token""# : #"Bearer realm="packserve-admin""#
            return HTTPProblem(
                .unauthorized,
                detail: invalidToken ? "the bearer token is not valid (unknown or revoked)" : "send Authorization: Bearer <token>",
                headers: ["WWW-Authenticate": challenge])
        case .missingScope(let scope):
            return HTTPProblem(
                .forbidden, detail: "the token lacks the \(scope.rawValue) scope",
                headers: ["WWW-Authenticate": #"Bearer realm="packserve-admin", error="insufficient_scope", scope="\#(scope.rawValue)""#])
        case .tooManyUploads(let limit):
            return HTTPProblem(
                .serviceUnavailable, detail: "\(limit) uploads are running; retry shortly", headers: ["Retry-After": "5"])
        case .tooManyUploadsForToken(let limit):
            return HTTPProblem(
                .tooManyRequests, detail: "this token already runs \(limit) uploads; retry when one ends",
                headers: ["Retry-After": "5"])
        case .tokenCoolingDown(let seconds):
            return HTTPProblem(
                .tooManyRequests,
                detail: "this token's last upload was ended for being too slow; retry in \(seconds) s",
                headers: ["Retry-After": String(seconds)])
        case .takesNoContent:
            return HTTPProblem(.contentTooLarge, detail: "this resource takes no request content")
        case .badRequest(let detail):
            return HTTPProblem(.badRequest, detail: detail)
        case .noSigningKey:
            return HTTPProblem(.serviceUnavailable, detail: "this server has no signing key, so it cannot publish")
        case .takesNoReports:
            return HTTPProblem(
                .serviceUnavailable, detail: "this server has no signing key, so it counts no reports; forward them to the publisher")
        case .noURLSigningSecret:
            return HTTPProblem(
                .serviceUnavailable, detail: "this server has no URL-signing secret, so it cannot sign URLs")
        case .cannotSign(let refusal):
            switch refusal {
            case .invalidTTL: return HTTPProblem(.badRequest, detail: refusal.description)
            case .noRelease, .unknownPack: return HTTPProblem(.notFound, detail: refusal.description)
            }
        case .store(let error):
            return HTTPProblem(Self.status(of: error), detail: error.description)
        }
    }

    /// The status a store refusal gets: the client's mistakes 4xx, a full disk 507, the rest 500.
    static func status(of error: PackStoreError) -> HTTPStatus {
        switch error {
        case .invalidPackID, .invalidTag, .unknownPolicy, .unknownAccess, .unknownPlatform, .unknownInstallationEvents, .invalidOrder,
            .invalidContentType, .digestMismatch, .uploadIncomplete, .invalidTokenName, .unknownScope,
            .invalidKeepReleases, .invalidArchive, .missingPackID, .unreadableArchive, .invalidUserInfo:
            .badRequest
        case .unknownPackID, .unknownRelease, .unknownToken:
            .notFound
        case .packTooLarge, .archiveTooLarge, .tooManyArchiveEntries:
            .contentTooLarge
        case .nothingToPublish, .rollbackChangesNothing, .tokenExists, .archiveContradiction, .attributeFromArchive,
            .userInfoFromArchive:
            .conflict
        case .releasePruned:
            .gone
        case .io(_, _, let code) where code == ENOSPC || code == EDQUOT:
            .insufficientStorage
        case .fileChangedDuringIngest, .fileNotFound, .notARegularFile, .unsupportedDirectoryEntry, .io, .archiveFailed,
            .database, .indexTooNew, .signingFailed, .untrustworthyIndex, .untrustworthyDocument:
            .internalServerError
        case .lockBusy:
            .serviceUnavailable
        case .channel(let refusal):
            switch refusal {
            case .invalidName, .invalidBuild: .badRequest
            case .unknownChannel: .notFound
            case .channelExists, .productionIsPermanent, .buildsMapped, .notNewer, .appleVersionWouldFall, .noViewForBuild,
                .alreadyMapped, .noReleaseYet, .rolloutLive, .noLiveRollout, .candidateNotNewer, .percentNotRaised,
                .rolloutAlready:
                .conflict
            }
        }
    }
}
