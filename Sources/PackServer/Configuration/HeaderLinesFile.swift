import Foundation

/// A file of HTTP header lines the server sends with its own requests (to a cache's purge endpoint, to the
/// rollout webhook): `Name: value` per line; blank lines and lines starting with `#` are skipped. Read once,
/// at start-up, so a secret in it never has to be in config.json.
enum HeaderLinesFile {
    /// The headers of the file at `path` (none for nil); throws one line naming `key` and the line.
    static func read(_ path: String?, key: String) throws(ConfigurationError) -> [(name: String, value: String)] {
        guard let path else { return [] }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw .key(key, "cannot read \(path)")
        }
        var headers: [(name: String, value: String)] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            guard let colon = trimmed.firstIndex(of: ":"), colon != trimmed.startIndex,
                !trimmed[..<colon].contains(" "), !trimmed.contains("\r")
            else { throw .key(key, "\(path):\(number + 1): not a \"Name: value\" line") }
            headers.append((String(trimmed[..<colon]), trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        return headers
    }
}
