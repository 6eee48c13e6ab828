/// One document object of a published release: its key, bytes and content type (what a static host or a
/// replica serves it as).
struct BucketDocument: Sendable, Hashable {
    let key: String
    let bytes: [UInt8]
    let contentType: String
}
