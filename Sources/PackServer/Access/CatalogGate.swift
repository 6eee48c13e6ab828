import Foundation
import HTTP1
import HTTPServer

/// `catalog.requireCredentials` (docs/api.md "Catalogs that need credentials"): every document, pack and
/// blob answers 401 with a Basic challenge unless the request brings a `download` token, as a bearer token
/// or as the Basic password (what a Background Assets extension's challenge handler can send). Packs and blobs
/// also take their signed URLs. `/healthz`, `/readyz` and the static files (the catalog page, which asks for
/// the token) are not gated. Whatever answers here is `private, no-store` (`CachePolicy`).
struct CatalogGate: Sendable {
    static let challenge = "Basic realm=\"packserve\""

    let credentials: DownloadCredentials
    /// Unix seconds, for the expiry of signed URLs.
    var now: @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970) }

    /// nil when `request` may have the answer; else the 401 (RFC 9110 §11.6.1: with the challenge).
    /// - Parameter signedPath: the route's path for a signed URL (packs and blobs); nil for documents.
    func refusal(of request: HTTPRequest, signedPath: String? = nil) -> HTTPResponse? {
        credentials.verdict(for: request, path: signedPath, now: now())
            .refusal(missing: "this catalog needs a token with the download scope (as a bearer token or the Basic password)")
            .map { detail in
                HTTPProblem(
                    .unauthorized, detail: detail,
                    headers: ["WWW-Authenticate": Self.challenge, "Cache-Control": CachePolicy.privateBytes]
                ).response
            }
    }
}
