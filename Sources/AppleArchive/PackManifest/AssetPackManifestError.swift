import JSONText

/// Why a pack's `Manifest.json` cannot be used: one line that names the key. What it quotes from the
/// manifest (a policy name spelt with `\n`) is escaped, so the line stays one (`JSONText.oneLine`).
public struct AssetPackManifestError: Error, Sendable, Hashable, CustomStringConvertible {
    public let problem: String

    public init(_ problem: String) {
        self.problem = JSONText.oneLine(problem)
    }

    public var description: String { "Manifest.json: \(problem)" }
}
