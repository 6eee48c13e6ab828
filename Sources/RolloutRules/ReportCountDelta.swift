/// How much one counter of device reports grew (docs/rollouts.md "Reports"): outcomes of `result` for
/// `release` in `channel` during `hour` (Unix seconds / 3600).
public struct ReportCountDelta: Sendable, Hashable {
    public var channel: String
    public var release: Int
    public var result: InstallOutcome.Result
    public var hour: Int64
    public var count: Int

    public init(channel: String, release: Int, result: InstallOutcome.Result, hour: Int64, count: Int) {
        self.channel = channel
        self.release = release
        self.result = result
        self.hour = hour
        self.count = count
    }
}
