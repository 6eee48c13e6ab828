import Foundation

/// One line of the origin's JSON access log, the fields the summary reads.
struct AccessLogEntry: Decodable {
    let target: String
    let status: Int
    let bodyBytes: Int?
    let range: String?
    let userAgent: String?

    /// Every line of the log at `path`.
    static func read(_ path: String) throws -> [AccessLogEntry] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let decoder = JSONDecoder()
        return try text.split(separator: "\n").map { try decoder.decode(AccessLogEntry.self, from: Data($0.utf8)) }
    }
}
