import Foundation

/// The automatic halt of a staged rollout (docs/rollouts.md "Automatic halt"), a pure function of the
/// outcomes counted since it started: the candidate's `n_c` with failure rate `p_c`, the control's (the
/// channel's release) `n_k` and `p_k`.
///
/// Once `n_c ≥ minReports` the rollout halts when `p_c > maxFailureRate`, or — when also `n_k ≥ minReports` —
/// when `z = (p_c − p_k − maxExcessOverControl) / sqrt(p_c(1−p_c)/n_c + p_k(1−p_k)/n_k)` exceeds 2.326: a
/// one-sided test at 99 % that the candidate's failure rate exceeds the control's by more than the excess
/// allowed (the unpooled two-proportion z statistic).
public enum HaltRule {
    /// The one-sided 99 % quantile of the standard normal distribution.
    public static let criticalZ = 2.326

    public static func decide(candidate: OutcomeCounts, control: OutcomeCounts, thresholds: HaltThresholds) -> HaltDecision {
        guard candidate.outcomes >= thresholds.minReports else { return .keepGoing }
        let pc = candidate.failureRate
        if pc > thresholds.maxFailureRate { return .failureRate(pc) }
        guard control.outcomes >= thresholds.minReports else { return .keepGoing }
        let pk = control.failureRate
        let variance = pc * (1 - pc) / Double(candidate.outcomes) + pk * (1 - pk) / Double(control.outcomes)
        // Both rates 0 or 1: no spread to test against; a candidate at 1 halted above already.
        guard variance > 0 else { return .keepGoing }
        let z = (pc - pk - thresholds.maxExcessOverControl) / variance.squareRoot()
        return z > criticalZ ? .worseThanControl(z: z) : .keepGoing
    }
}
