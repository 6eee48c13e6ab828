@testable import PackClient
import PackKitWire
import Testing

@Suite struct FetchOrderTests {
    private func pack(_ id: String, _ policy: PackPolicy, order: Int = 0, tags: [String] = []) -> PackDescriptor {
        PackDescriptor(
            id: id, url: "http://h/\(id)", size: 1, sha256: String(repeating: "0", count: 64), tags: tags, policy: policy,
            order: order)
    }

    /// As an app fetches them (PackKit's plan): essential before first launch, prefetch right after in
    /// `order`, then on-demand packs, those no tag names included.
    @Test func essentialThenPrefetchByOrderThenOnDemand() {
        let packs = [
            pack("a", .onDemand), pack("b", .prefetch, order: 2), pack("c", .essential), pack("d", .prefetch, order: 1),
            pack("e", .essential), pack("f", .prefetch, order: 1), pack("g", .onDemand, tags: ["bonus"]),
        ]
        let manifest = PackManifest(iss: "http://h", iat: 0, exp: 1, version: 1, release: 1, packs: packs)
        #expect(PackDownloadCheck.fetchOrder(manifest).map(\.id) == ["c", "e", "d", "f", "b", "g", "a"])
    }
}
