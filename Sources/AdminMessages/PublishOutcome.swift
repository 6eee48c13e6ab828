/// The answer to a publish or a rollback: the new release's number and its manifest's `version`.
public struct PublishOutcome: Sendable, Hashable, Codable {
    public var release: Int
    public var version: Int

    public init(release: Int, version: Int) {
        self.release = release
        self.version = version
    }
}
