/// When a rollout halts itself (docs/rollouts.md "Automatic halt"); `rollouts.halt` in config.json.
public struct HaltThresholds: Sendable, Hashable {
    /// Outcomes the candidate (and, for the comparison, the control) needs before either rule applies.
    public var minReports: Int
    /// The candidate's failure rate above which it halts whatever the control does.
    public var maxFailureRate: Double
    /// How much worse than the control the candidate may be before the comparison halts it.
    public var maxExcessOverControl: Double

    public init(minReports: Int = 100, maxFailureRate: Double = 0.05, maxExcessOverControl: Double = 0.02) {
        self.minReports = minReports
        self.maxFailureRate = maxFailureRate
        self.maxExcessOverControl = maxExcessOverControl
    }
}
