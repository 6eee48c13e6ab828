import RolloutRules

extension PackServeConfiguration {
    /// `rollouts`: device reports and the automatic halt (docs/rollouts.md).
    public struct Rollouts: Sendable, Equatable {
        /// Reports counted per client network (an IPv4 /24, an IPv6 /48) and hour; the rest answer 429.
        public var reportsPerNetworkPerHour = 200
        public var halt = Halt()
        public var webhook = Webhook()

        /// `rollouts.halt`: `HaltThresholds` as config.json states them.
        public struct Halt: Sendable, Equatable {
            public var minReports = 100
            public var maxFailureRate = 0.05
            public var maxExcessOverControl = 0.02

            public var thresholds: HaltThresholds {
                HaltThresholds(
                    minReports: minReports, maxFailureRate: maxFailureRate, maxExcessOverControl: maxExcessOverControl)
            }
        }
    }
}
