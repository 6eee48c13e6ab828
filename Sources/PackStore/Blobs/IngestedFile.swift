/// A source file copied into `tmp/`, fsynced and hashed, ready to be installed at its content address.
struct IngestedFile: Sendable, Hashable {
    var tempPath: String
    /// Lowercase hex.
    var sha256: String
    var size: Int64
}
