import HTTP1
import HTTPServer
import PackStore

/// Checks an admin request's bearer token against the index — on every request, so a revoked token is
/// refused from the next request on — through `comparator` (constant-time in production; a seam for the
/// tests that prove it is the one used), and feeds the outcome to the throttle. Runs off the event loop:
/// it reads the index.
struct AdminAuthenticator: Sendable {
    let store: PackStore
    let comparator: any TokenDigestComparator
    let throttle: AuthenticationThrottle

    func authorize(_ headers: HTTPHeaders, scope: TokenScope, from address: String) -> Result<AdminToken, AdminRefusal> {
        // Asked again here: the address may have been blocked while this request waited for its turn.
        if let seconds = throttle.retryAfter(for: address) { return .failure(.throttled(retryAfterSeconds: seconds)) }
        // No credentials at all is not a guess: it is not counted.
        guard let presented = BearerCredentials.token(in: headers) else {
            return .failure(.unauthenticated(invalidToken: false))
        }
        let token: AdminToken?
        do {
            token = try store.verifyToken(presented, comparator: comparator)
        } catch {
            return .failure(.store(error))
        }
        guard let token else {
            // A full table refuses a client it cannot remember rather than forget it (fail closed).
            guard throttle.recordFailure(from: address) else {
                return .failure(.throttled(retryAfterSeconds: Int(FailureRecord.window)))
            }
            return .failure(.unauthenticated(invalidToken: true))
        }
        throttle.recordSuccess(from: address)
        guard token.allows(scope) else { return .failure(.missingScope(scope)) }
        return .success(token)
    }
}
