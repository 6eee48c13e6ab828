/// The share of a channel's cohorts a staged rollout admits (docs/rollouts.md "Cohorts"): 0.1 % to 100 % in
/// steps of a tenth, kept as tenths so that it is exactly the number of the 1,000 cohorts admitted.
public struct RolloutPercent: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// 1 … 1000: tenths of a percent, and the number of cohorts admitted.
    public let tenths: Int

    public static let full = RolloutPercent(uncheckedTenths: 1000)

    private init(uncheckedTenths tenths: Int) {
        self.tenths = tenths
    }

    /// Nil outside 1 … 1000.
    public init?(tenths: Int) {
        guard (1...1000).contains(tenths) else { return nil }
        self.tenths = tenths
    }

    /// `5`, `0.5`, `12.5`, `100`: digits with at most one decimal, from 0.1 to 100.
    public init(parsing text: String) throws(RolloutError) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } }),
              parts[0].utf8.count <= 3, parts.count == 1 || parts[1].utf8.count == 1,
              let whole = Int(parts[0]), let decimal = parts.count == 2 ? Int(parts[1]) : 0,
              let percent = RolloutPercent(tenths: whole * 10 + decimal)
        else { throw .invalidPercent(text) }
        self = percent
    }

    /// `5`, `0.5`, `12.5`, `100`.
    public var description: String {
        tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }

    /// The percent as a number (`12.5`), for JSON.
    public var value: Double { Double(tenths) / 10 }

    public static func < (left: RolloutPercent, right: RolloutPercent) -> Bool { left.tenths < right.tenths }
}
