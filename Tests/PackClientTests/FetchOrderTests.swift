import Manifest
@testable import PackClient
import Testing

@Suite struct FetchOrderTests {
    private func pack(_ id: String, _ policy: String, order: Int = 0) -> ManifestPack {
        ManifestPack(
            id: id, version: 1, url: "http://h/\(id)", size: 1, sha256: String(repeating: "0", count: 64), tags: [],
            policy: policy, order: order, contentType: "application/octet-stream")
    }

    /// As an app fetches them: essential before first launch, prefetch right after in `order`, on-demand last.
    @Test func essentialThenPrefetchByOrderThenOnDemand() {
        let packs = [
            pack("a", "on-demand"), pack("b", "prefetch", order: 2), pack("c", "essential"), pack("d", "prefetch", order: 1),
            pack("e", "essential"), pack("f", "prefetch", order: 1),
        ]
        #expect(PackDownloadCheck.fetchOrder(packs).map(\.id) == ["c", "e", "d", "f", "b", "a"])
    }
}
