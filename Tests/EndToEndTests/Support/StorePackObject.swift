/// A pack object as `ls --json`, `/tags/{tag}` and the manifest print it (docs/api.md "The manifest").
/// Decoding fails on a missing field or a size that is not an integer, which is the point.
struct StorePackObject: Decodable, Equatable {
    let id: String
    let version: Int
    let url: String?
    let size: Int64
    let sha256: String
    let tags: [String]
    let policy: String
    let order: Int
    let contentType: String
}
