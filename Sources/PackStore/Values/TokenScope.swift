import Foundation

/// What an API token may do (docs/api.md "Tokens"): each admin route names the scope it needs.
public enum TokenScope: String, Sendable, CaseIterable, Comparable, Codable {
    /// `PUT /admin/packs/{id}`: new pack versions into the draft.
    case upload
    /// `PATCH` and `DELETE /admin/packs/{id}`, `POST /admin/publish`, `POST /admin/rollback`.
    case publish
    /// `GET /admin/draft`.
    case read
    /// Downloading private packs (reserved for private packs; no route needs it yet).
    case download
    /// `GET` and `PUT /admin/channels/{name}/rollout`: a producer runs a launch without `publish`.
    case rollout
    /// `POST /admin/reports`: a replica forwards the outcome counts its devices reported.
    case reports

    public static func < (a: TokenScope, b: TokenScope) -> Bool { a.rawValue < b.rawValue }

    /// `upload,publish,read`: a comma-separated list, each name once or more, at least one.
    public static func parseList(_ list: String) throws(PackStoreError) -> Set<TokenScope> {
        var scopes: Set<TokenScope> = []
        for name in list.split(separator: ",", omittingEmptySubsequences: false) {
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            guard let scope = TokenScope(rawValue: trimmed) else { throw .unknownScope(String(trimmed)) }
            scopes.insert(scope)
        }
        return scopes
    }

    /// The stored form: sorted names joined by commas.
    public static func encode(_ scopes: Set<TokenScope>) -> String {
        scopes.sorted().map(\.rawValue).joined(separator: ",")
    }

    static func decode(_ text: String) -> Set<TokenScope> {
        Set(text.split(separator: ",").compactMap { TokenScope(rawValue: String($0)) })
    }
}
