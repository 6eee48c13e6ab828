import Configuration

extension ConfigurationKeys {
    /// docs/configuration.md: the table of every key, written from `all` (a test keeps the file equal to it).
    static var document: String {
        let defaults = PackServeConfiguration()
        var lines = [
            "# Configuration keys",
            "",
            "Every key `config.json` may hold, with its type, default and allowed range. This file is written from the",
            "table in `Sources/PackServer/Configuration/ConfigurationKeys.swift`, which the server also reads its",
            "defaults, reading and range checks from; `ConfigurationKeyTableTests` fails when the two differ",
            "(`REGENERATE_DOCS=1 swift test --filter ConfigurationKeyTableTests` rewrites it). docs/configuration-files.md",
            "says how the file, the environment (`PACKSERVE_A_BC` for key `a.bC`) and the command line combine.",
            "",
            "| key | type | default | allowed | meaning |",
            "|---|---|---|---|---|",
        ]
        for key in all {
            let allowed = key.range.map { "\($0.lowerBound) … \($0.upperBound)" }
                ?? key.spellings.map { $0.map { "`\($0)`" }.joined(separator: ", ") } ?? ""
            lines.append("| `\(key.name)` | \(key.kind.rawValue) | \(text(of: key.content(defaults))) | \(allowed) | \(key.meaning) |")
        }
        lines += [
            "| `cache.purge` | array of objects | `[]` | | caches to purge when a release or a new signing goes live: `[{\"url\": \"http://127.0.0.1:6081/\", \"method\": \"PURGE\", \"headersFile\": \"cdn.headers\"}]` (not settable from the environment) |",
            "",
        ]
        return lines.joined(separator: "\n")
    }

    private static func text(of content: ConfigContent) -> String {
        switch content {
        case .string(let value): "`\"\(value)\"`"
        case .int(let value): "\(value)"
        case .double(let value): "\(value)"
        case .bool(let value): "`\(value)`"
        case .stringArray(let values): "`[" + values.map { "\"\($0)\"" }.joined(separator: ", ") + "]`"
        default: "\(content)"
        }
    }
}
