/// Who may download a pack's bytes (docs/api.md "Private packs"). Every pack is listed in the manifests
/// either way, so apps know it exists and its size; a private pack's bytes need a `download` token or a
/// signed URL, which an app's backend obtains after checking a purchase.
public enum PackAccess: String, Sendable, Hashable, Codable, CaseIterable {
    case `public`
    case `private`

    /// Parses the spelling used on the command line and in the admin API.
    public init(parsing text: String) throws(PackStoreError) {
        guard let access = PackAccess(rawValue: text) else { throw .unknownAccess(text) }
        self = access
    }
}
