/// Why a pack's `Manifest.json` cannot be used: one line that names the key.
public struct AssetPackManifestError: Error, Sendable, Hashable, CustomStringConvertible {
    public let problem: String

    public init(_ problem: String) {
        self.problem = problem
    }

    public var description: String { "Manifest.json: \(problem)" }
}
