/// `POST /admin/rollback`: the release whose content is published again as a new release.
public struct RollbackRequest: Sendable, Hashable, Codable {
    public var release: Int

    public init(release: Int) {
        self.release = release
    }
}
