/// What `CDNConsistencyScript` printed: every doc-pack-doc round and the problems it met.
struct CDNConsistencyReport: Decodable {
    struct Iteration: Decodable {
        let start: Double
        let end: Double
        let first: String
        let pack: String
        let second: String

        /// The two manifest fetches agree, so the client would trust what they say about the pack.
        var documentsAgree: Bool { first == second }
        /// Agreeing documents describing other bytes than the pack that came between them.
        var isMismatch: Bool { documentsAgree && pack != first }
    }

    let iterations: [Iteration]
    let problems: [String]
}
