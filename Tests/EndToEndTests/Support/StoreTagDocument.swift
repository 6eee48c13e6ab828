/// The `/tags/{tag}` document (docs/api.md "HTTP").
struct StoreTagDocument: Decodable {
    let tag: String
    let release: Int
    let packs: [StorePackObject]
    let totalBytes: Int64
}
