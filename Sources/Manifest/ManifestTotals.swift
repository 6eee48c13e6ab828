/// Bytes per policy: what an app must allow for before first launch (essential) and right after
/// install (prefetch), the numbers its Info.plist download allowances are made from.
public struct ManifestTotals: Sendable, Hashable, Codable {
    public var essentialBytes: Int64
    public var prefetchBytes: Int64
    public var onDemandBytes: Int64

    public init(packs: [ManifestPack]) {
        func total(_ policy: String) -> Int64 { packs.filter { $0.policy == policy }.reduce(0) { $0 + $1.size } }
        essentialBytes = total("essential")
        prefetchBytes = total("prefetch")
        onDemandBytes = total("on-demand")
    }
}
