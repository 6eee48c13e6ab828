import Foundation
import HTTPServer
import PackStore
import Synchronization

/// Decides whether a request may have a private pack's bytes (docs/api.md "Private packs"): a valid,
/// unexpired signed URL for the route's path, or a token that has the `download` scope, as
/// `Authorization: Bearer` or as the password of `Authorization: Basic` (`BasicCredentials`).
///
/// Runs on the event loop, so it never reads the index: the digests of the `download` tokens are held here
/// and replaced by `ReleaseWatcher` on every poll, so a token made or revoked by the CLI counts within a
/// poll interval. Tokens are compared like the admin API's, through the constant-time comparator, with
/// every stored digest.
public final class DownloadCredentials: Sendable {
    /// What a request for private bytes brought.
    enum Verdict: Equatable {
        case admitted
        case missing
        case expiredURL
        case forgedURL
        case invalidToken

        /// Why a request was refused, for its problem+json; nil when it was admitted.
        /// - Parameter missing: what to say to a request that brought no credentials at all.
        func refusal(missing: String) -> String? {
            switch self {
            case .admitted: nil
            case .missing: missing
            case .expiredURL: "this signed URL has expired"
            case .forgedURL: "this URL's signature is not valid for it"
            case .invalidToken: "the token is not a live token with the download scope"
            }
        }
    }

    let signature: URLSignature?
    let comparator: any TokenDigestComparator
    private let tokenDigests = Mutex<[Data]>([])

    /// - Parameter signature: nil when this server has no URL-signing secret (then only tokens admit).
    public init(signature: URLSignature?, comparator: any TokenDigestComparator = ConstantTimeDigestComparator()) {
        self.signature = signature
        self.comparator = comparator
    }

    /// Takes up the current `download` tokens (from `PackStore.tokenDigests(withScope: .download)`).
    public func replaceTokens(_ digests: [Data]) {
        tokenDigests.withLock { $0 = digests }
    }

    /// `path` is the route's own path (`/packs/{id}`, `/blobs/sha256/{hex}`), the one URLs are signed for;
    /// nil for routes no URL is signed for (documents).
    func verdict(for request: HTTPRequest, path: String?, now: Int64) -> Verdict {
        if let signature, let path {
            switch signature.verdict(path: path, query: request.head.query, now: now) {
            case .valid: return .admitted
            case .expired: return .expiredURL
            case .forged: return .forgedURL
            case .absent: break
            }
        }
        guard let token = BearerCredentials.token(in: request.headers) ?? BasicCredentials.password(in: request.headers)
        else { return .missing }
        let presented = TokenSecret.digest(of: token)
        let digests = tokenDigests.withLock { $0 }
        var matched = false
        for stored in digests where comparator.matches(presented, stored) { matched = true }
        return matched ? .admitted : .invalidToken
    }
}
