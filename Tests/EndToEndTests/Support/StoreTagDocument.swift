/// The `/tags/{tag}` document (CONTRACT.md "HTTP").
struct StoreTagDocument: Decodable {
    let tag: String
    let release: Int
    let packs: [StorePackObject]
    let totalBytes: Int64
}
