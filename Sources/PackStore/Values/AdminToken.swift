import Foundation

/// An API token as `token ls` shows it: never its secret, which exists only in what `token create` printed.
public struct AdminToken: Sendable, Equatable {
    public var name: String
    public var scopes: Set<TokenScope>
    public var createdAt: Date

    public func allows(_ scope: TokenScope) -> Bool { scopes.contains(scope) }
}
