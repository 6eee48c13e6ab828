import Foundation

/// Credentials an app gives PackKit for a private catalog or private packs: a download token (sent as
/// `Authorization: Bearer`, and as the password of HTTP Basic when the server challenges), or a user name
/// and password for the Basic challenge (RFC 7617). They are sent only to the origins they are for.
public struct CatalogCredentials: Sendable, Hashable {
    enum Secret: Sendable, Hashable {
        case token(String)
        case basic(user: String, password: String)
    }

    let secret: Secret
    let origins: Set<HTTPOrigin>

    /// A download token for the catalog at `baseURL` (and any other URLs in `alsoFor`, e.g. a CDN that
    /// checks tokens).
    public static func token(_ token: String, for baseURL: URL, alsoFor: [URL] = []) -> CatalogCredentials {
        CatalogCredentials(secret: .token(token), origins: Set(([baseURL] + alsoFor).compactMap(HTTPOrigin.init)))
    }

    /// A user name and password, sent only in answer to a Basic challenge from `baseURL`'s origin.
    public static func basic(user: String, password: String, for baseURL: URL) -> CatalogCredentials {
        CatalogCredentials(secret: .basic(user: user, password: password), origins: Set([baseURL].compactMap(HTTPOrigin.init)))
    }

    /// Whether a request to `url` may carry these credentials.
    func covers(_ url: URL?) -> Bool {
        HTTPOrigin(url).map(origins.contains) ?? false
    }

    /// The `Authorization` value for a request to `url`: a token is sent up front; Basic only once the
    /// server has challenged (`challenged`). Nil for other origins.
    func authorization(for url: URL, challenged: Bool) -> String? {
        guard covers(url) else { return nil }
        switch secret {
        case .token(let token) where !challenged: return "Bearer \(token)"
        case .token(let token): return Self.basic(user: "packkit", password: token)
        case .basic(let user, let password): return challenged ? Self.basic(user: user, password: password) : nil
        }
    }

    /// The user and password URLSession's own challenge handling is answered with.
    var basicPair: (user: String, password: String) {
        switch secret {
        case .token(let token): ("packkit", token)
        case .basic(let user, let password): (user, password)
        }
    }

    /// RFC 7617 §2: base64 of `user:password` in UTF-8.
    private static func basic(user: String, password: String) -> String {
        "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
    }
}
