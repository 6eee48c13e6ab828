/// What the halt rule decided for a rollout's counts, and why.
public enum HaltDecision: Sendable, Equatable {
    /// Keep going: too few outcomes, or the candidate is within both limits.
    case keepGoing
    /// The candidate fails more often than `maxFailureRate`.
    case failureRate(Double)
    /// The candidate fails more often than the control by more than `maxExcessOverControl`, with one-sided
    /// 99 % confidence: `z` is the statistic that crossed 2.326.
    case worseThanControl(z: Double)

    /// The `reason` label of `packserve_rollout_halts_total` and of the webhook.
    public var reason: String? {
        switch self {
        case .keepGoing: nil
        case .failureRate: "failure-rate"
        case .worseThanControl: "control"
        }
    }
}
