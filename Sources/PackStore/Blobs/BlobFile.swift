/// A file found in the blob tree.
struct BlobFile: Sendable, Hashable {
    var path: String
    /// The digest its name and location claim, or nil when the name is not a blob address.
    var sha256: String?
    var size: Int64
}
