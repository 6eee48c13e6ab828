/// Which cohorts a staged rollout admits (docs/rollouts.md "Cohorts"). A client names its cohort `k`
/// (0 … 999); a rollout at P % admits the `10·P` cohorts with `(k + offset) mod 1000 < 10·P`. The offset is
/// fixed for the rollout, so raising P only adds cohorts and halting and resuming keep the same set; it is
/// derived from a seed made when the rollout starts, and never equals the offset of the channel's previous
/// rollout, so consecutive rollouts never begin with the same devices.
public struct RolloutCohorts: Sendable, Hashable {
    /// Cohorts are 0 ..< `count`.
    public static let count = 1000

    public let offset: Int
    public let percent: RolloutPercent

    public init(offset: Int, percent: RolloutPercent) {
        precondition((0..<Self.count).contains(offset), "an offset is a cohort")
        self.offset = offset
        self.percent = percent
    }

    /// The offset of a rollout started with `seed` after one whose offset was `previous`: uniform over the
    /// 1,000 cohorts, or over the 999 others than `previous` when there was one.
    public static func offset(seed: UInt64, previous: Int?) -> Int {
        guard let previous else { return Int(seed % UInt64(count)) }
        return (previous + 1 + Int(seed % UInt64(count - 1))) % count
    }

    public func admits(_ cohort: Int) -> Bool {
        (cohort + offset) % Self.count < percent.tenths
    }

    /// The first cohort admitted (the one admitted at 0.1 %).
    public var firstCohort: Int { (Self.count - offset) % Self.count }

    /// Every cohort admitted, ascending.
    public var admitted: [Int] { (0..<Self.count).filter(admits) }
}
