/// `POST /admin/publish`: an optional note stored with the release (docs/api.md "Admin API"). The server
/// reads it strictly (PackServer's `AdminJSONBody`); `packserve push --publish` encodes this same type.
public struct PublishRequest: Sendable, Hashable, Codable {
    public var note: String?

    public init(note: String?) {
        self.note = note
    }
}
