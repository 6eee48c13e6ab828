/// One pack's install as a device reports it (docs/rollouts.md "Reports").
public struct InstallOutcome: Sendable, Hashable {
    public enum Result: String, Sendable, Hashable, CaseIterable {
        case installed, failed
    }

    public var pack: String
    public var sha256: String
    public var result: Result
    /// Why it failed, in the device's words (bounded; counted nowhere, logged nowhere).
    public var reason: String?

    public init(pack: String, sha256: String, result: Result, reason: String? = nil) {
        self.pack = pack
        self.sha256 = sha256
        self.result = result
        self.reason = reason
    }
}
