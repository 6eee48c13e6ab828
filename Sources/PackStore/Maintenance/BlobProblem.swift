/// A blob the index references that is missing or does not hold the bytes its name promises.
public struct BlobProblem: Sendable, Hashable {
    /// The digest the index expects (lowercase hex).
    public var sha256: String
    public var path: String
    /// Who needs it, e.g. `["pack level-5 version 3", "releases 4-6"]`.
    public var referencedBy: [String]
    /// What is wrong, e.g. `"missing"`, `"size 10 bytes, expected 12"`, `"content hashes to 9f2c…"`.
    public var detail: String

    public init(sha256: String, path: String, referencedBy: [String], detail: String) {
        self.sha256 = sha256
        self.path = path
        self.referencedBy = referencedBy
        self.detail = detail
    }
}
