/// A manifest's `totals`: bytes per policy, what an app's download allowances are sized from.
public struct PolicyTotals: Sendable, Hashable, Codable {
    public var essentialBytes: Int64
    public var prefetchBytes: Int64
    public var onDemandBytes: Int64

    public init(essentialBytes: Int64, prefetchBytes: Int64, onDemandBytes: Int64) {
        self.essentialBytes = essentialBytes
        self.prefetchBytes = prefetchBytes
        self.onDemandBytes = onDemandBytes
    }

    /// Summed from the packs themselves, for a manifest that carries no `totals`.
    public init(packs: [PackDescriptor]) {
        func total(_ policy: PackPolicy) -> Int64 { packs.filter { $0.policy == policy }.reduce(0) { $0 + $1.size } }
        self.init(essentialBytes: total(.essential), prefetchBytes: total(.prefetch), onDemandBytes: total(.onDemand))
    }
}
