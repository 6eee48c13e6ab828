import Foundation
import Testing

/// Issue 20, item 1: the README's two Quick-start commands run together. With `serve` holding the shipped
/// config.json's ports, `scripts/test` failed because `scripts/container-check` started a server that kept
/// the shipped metrics port. Nothing under Tests/ or scripts/ may bind a port the shipped configuration
/// uses: tests and scripts take ephemeral ports (0, or one the kernel just handed out).
@Suite struct ShippedPortsTests {
    private static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The listeners of the shipped config.json, with the environment variable that moves each.
    private static func shippedListeners() throws -> [(port: Int, variable: String)] {
        let data = try Data(contentsOf: repository.appendingPathComponent("config.json"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        func port(_ path: [String]) -> Int? {
            var node: Any? = root
            for key in path { node = (node as? [String: Any])?[key] }
            return node as? Int
        }
        return [
            (port(["listen", "port"]), "PACKSERVE_LISTEN_PORT"),
            (port(["tls", "listen", "port"]), "PACKSERVE_TLS_LISTEN_PORT"),
            (port(["metrics", "listen", "port"]), "PACKSERVE_METRICS_LISTEN_PORT"),
        ].compactMap { found, variable in found.map { ($0, variable) } }
    }

    /// Every file of Tests/ and scripts/ except this one, with its path relative to the repository.
    private static func sources() throws -> [(path: String, text: String)] {
        var found: [(String, String)] = []
        for folder in ["Tests", "scripts"] {
            let root = repository.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
            else { continue }
            for case let url as URL in walker where url.lastPathComponent != URL(fileURLWithPath: #filePath).lastPathComponent {
                guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true,
                      let text = try? String(contentsOf: url, encoding: .utf8)
                else { continue }
                found.append((url.path.replacingOccurrences(of: repository.path + "/", with: ""), text))
            }
        }
        return found
    }

    /// A shipped port written where something listens on it: a JSON or Swift `port` value, a `…_PORT`
    /// setting, a `--port` flag, a `bind(…)` call or nginx's `listen`. Assertions (`#expect`) about a loaded
    /// configuration's values bind nothing and are skipped.
    @Test func noTestOrScriptBindsAShippedPort() throws {
        let ports = try Self.shippedListeners().map { String($0.port) }.joined(separator: "|")
        #expect(!ports.isEmpty)
        let binding = try Regex(
            #"("port"|\bport|_PORT)["']?\s*[:=]\s*["']?(\#(ports))\b(?!\.)|--port[= ](\#(ports))\b|\bbind\([^)]*\b(\#(ports))\b|\blisten\s+(\#(ports))\b"#)
        var offenders: [String] = []
        for (path, text) in try Self.sources() {
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where !line.contains("#expect") && line.contains(binding) {
                offenders.append("\(path):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(offenders.isEmpty, "binds a port of the shipped config.json:\n\(offenders.joined(separator: "\n"))")
    }

    /// A script that moves some of the shipped configuration's listeners by environment runs that
    /// configuration: it must move every one, or the ones it forgets collide with a running `serve`
    /// (container-check moved the plaintext and TLS ports but kept 9464 for metrics).
    @Test func aScriptThatMovesOneShippedListenerMovesThemAll() throws {
        let variables = try Self.shippedListeners().map(\.variable)
        var offenders: [String] = []
        for (path, text) in try Self.sources() where path.hasPrefix("scripts/") {
            let moved = variables.filter { text.contains("\"\($0)\"") || text.contains("\($0)=") }
            if !moved.isEmpty, moved.count < variables.count {
                offenders.append("\(path) sets \(moved.joined(separator: ", ")) but not "
                    + variables.filter { !moved.contains($0) }.joined(separator: ", "))
            }
        }
        #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
    }
}
