/// One blob a published release needs in the bucket: its digest, its size as the index records it, and the
/// local file it is sent from.
struct BucketBlob: Sendable, Hashable {
    let sha256: String
    let size: Int64
    let path: String
    let contentType: String
}
