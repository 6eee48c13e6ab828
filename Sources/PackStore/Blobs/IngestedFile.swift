import AppleArchive

/// A source file copied into `tmp/`, fsynced and hashed, ready to be installed at its content address.
struct IngestedFile: Sendable, Hashable {
    var tempPath: String
    /// Lowercase hex.
    var sha256: String
    var size: Int64
    /// What reading the bytes as an Apple Archive found.
    var inspection: ArchiveInspection
}
