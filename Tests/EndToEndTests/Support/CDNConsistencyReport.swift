import Foundation

/// What `CDNConsistencyScript` printed: every doc-pack-doc round and the problems it met.
struct CDNConsistencyReport {
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

    /// The rounds among `lines` (what the script printed so far; a line still being written is skipped).
    static func rounds(in lines: [String]) -> [Iteration] {
        lines.compactMap { try? JSONDecoder().decode(Iteration.self, from: Data($0.utf8)) }
    }

    /// The whole report from the script's output, once it has exited.
    init(output: String) throws {
        struct Problems: Decodable { let problems: [String] }
        let lines = output.split(separator: "\n").map(String.init)
        iterations = Self.rounds(in: lines)
        problems = try JSONDecoder().decode(Problems.self, from: Data((lines.last ?? "").utf8)).problems
    }
}
