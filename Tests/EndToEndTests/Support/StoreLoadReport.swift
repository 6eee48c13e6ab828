/// What `StoreLoadScript` printed.
struct StoreLoadReport: Decodable {
    let requests: Int
    /// SHA-256 of each complete, correctly framed body → how many times it was received.
    let bodies: [String: Int]
    let problems: [String]
}
