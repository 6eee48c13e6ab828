import PackKitTestSupport
import PackKitWire
import Testing

@Suite struct DownloadPlanTests {
    let packs = [
        SampleManifest.pack("boot", bytes: SampleManifest.bytes(100), policy: .essential),
        SampleManifest.pack("late", bytes: SampleManifest.bytes(50, seed: 2), policy: .prefetch, order: 9),
        SampleManifest.pack("early", bytes: SampleManifest.bytes(400, seed: 3), policy: .prefetch, order: 1),
        SampleManifest.pack("cave", bytes: SampleManifest.bytes(70, seed: 4), tags: ["cave", "levels"]),
        SampleManifest.pack("odd", bytes: SampleManifest.bytes(10, seed: 5), policy: PackPolicy(rawValue: "someday")),
    ]

    @Test func ordersEssentialThenPrefetchByOrderThenRequested() {
        let plan = DownloadPlan(manifest: SampleManifest.manifest(packs: packs), requestedTags: ["levels"])
        #expect(plan.packs.map(\.id) == ["boot", "early", "late", "cave"])
        #expect(plan.steps.map(\.reason) == [.essential, .prefetch, .prefetch, .requested])
    }

    @Test func leavesOutWhatIsInstalledAndWhatExceedsTheAllowance() {
        let manifest = SampleManifest.manifest(packs: packs)
        let plan = DownloadPlan(
            manifest: manifest, installed: [packs[0].sha256], allowance: DownloadAllowance(essentialBytes: 100, totalBytes: 300))
        #expect(plan.packs.map(\.id) == ["late"])
        #expect(plan.overAllowance.map(\.id) == ["early"])
        // An essential pack over the essential allowance, asked for by tag: downloaded as requested.
        let asked = DownloadPlan(manifest: manifest, requestedTags: ["boot"], allowance: DownloadAllowance(essentialBytes: 0, totalBytes: 0))
        #expect(asked.steps.map(\.reason) == [.requested])
        #expect(asked.overAllowance.map(\.id) == ["early", "late"])
    }
}
