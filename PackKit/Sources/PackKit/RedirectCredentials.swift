import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a redirected request may carry. URLSession copies the original request's headers onto the new
/// one (corelibs Foundation does, whatever the target); a redirect to another origin must not take the
/// app's `Authorization` with it (RFC 9110 §15.4: the client decides what to send to the new target).
enum RedirectCredentials {
    static func request(_ proposed: URLRequest, redirectedFrom original: URL?) -> URLRequest {
        guard let from = HTTPOrigin(original), HTTPOrigin(proposed.url) == from else {
            var stripped = proposed
            stripped.setValue(nil, forHTTPHeaderField: "Authorization")
            return stripped
        }
        return proposed
    }
}
