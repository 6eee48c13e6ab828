import ReleaseViews
import Testing

/// The Apple version rule across builds, by example (the property test covers random sequences).
@Suite struct AppleVersionPlannerTests {
    private let split = [
        ViewSegment(lower: .zero, upper: BuildPoint(1, 10, 0), release: 1),
        ViewSegment(lower: BuildPoint(1, 10, 0), upper: nil, release: 2),
    ]

    @Test func newContentGetsTheNextVersionOfTheID() {
        let plan = AppleVersionPlanner.plan(PackVersionHistory(), contents: ["x1", "x2"], segments: split)
        #expect(plan.versions == [1, 2])
        #expect(plan.raised == [false, false])
        #expect(plan.newlyIssued.map(\.version) == [1, 2])
        #expect(plan.history.floor.description == "1@0.0.0,2@1.10.0")
    }

    @Test func unchangedViewsKeepTheirVersions() {
        let first = AppleVersionPlanner.plan(PackVersionHistory(), contents: ["x1", "x2"], segments: split)
        let again = AppleVersionPlanner.plan(first.history, contents: ["x1", "x2"], segments: split)
        #expect(again.versions == [1, 2])
        #expect(again.newlyIssued.isEmpty)
        #expect(again.history == first.history)
    }

    /// Release 1 for ≤ 1.9, release 2 for ≥ 1.10, then hotfix 3 for ≤ 1.9: the 1.10 builds' version is raised
    /// above the hotfix's, so a device updating from 1.9 to 1.10 sees no fall.
    @Test func aLateHotfixForOldBuildsRaisesTheNewerBuilds() {
        let before = AppleVersionPlanner.plan(PackVersionHistory(), contents: ["x1", "x2"], segments: split)
        let hotfix = [
            ViewSegment(lower: .zero, upper: BuildPoint(1, 10, 0), release: 3),
            ViewSegment(lower: BuildPoint(1, 10, 0), upper: nil, release: 2),
        ]
        let after = AppleVersionPlanner.plan(before.history, contents: ["x3", "x2"], segments: hotfix)
        #expect(after.versions == [3, 4])
        #expect(after.raised == [false, true])
        #expect(after.history.issued["x2"] == [2, 4])
        // The next planning keeps the raise: nothing changes, nothing is raised again.
        let later = AppleVersionPlanner.plan(after.history, contents: ["x3", "x2"], segments: hotfix)
        #expect(later.versions == [3, 4])
        #expect(later.raised == [false, false])
    }

    @Test func aHotfixWithTheSameContentRaisesNothing() {
        let before = AppleVersionPlanner.plan(PackVersionHistory(), contents: ["x1", "x2"], segments: split)
        let after = AppleVersionPlanner.plan(before.history, contents: ["x1", "x2"], segments: split)
        #expect(after.raised == [false, false])
    }

    @Test func contentComingBackGetsANewVersionAboveWhatWasServed() {
        let all = [ViewSegment(lower: .zero, upper: nil, release: 1)]
        let one = AppleVersionPlanner.plan(PackVersionHistory(), contents: ["x1"], segments: all)
        let two = AppleVersionPlanner.plan(one.history, contents: ["x2"], segments: all)
        let back = AppleVersionPlanner.plan(two.history, contents: ["x1"], segments: all)
        #expect([one.versions, two.versions, back.versions] == [[1], [2], [3]])
        #expect(back.raised == [false])
    }

    @Test func anAbsentPackHasNoVersionAndLeavesTheFloor() {
        let first = AppleVersionPlanner.plan(PackVersionHistory(), contents: ["x1", "x2"], segments: split)
        let gone = AppleVersionPlanner.plan(first.history, contents: [nil, "x2"], segments: split)
        #expect(gone.versions == [nil, 2])
        #expect(gone.history.floor == first.history.floor)
    }

    @Test func versionsIssuedInAnotherChannelAreReusedForTheSameContent() {
        // Another channel issued 1 (x1) and 2 (x2); this channel never served the pack.
        let elsewhere = PackVersionHistory(latest: 2, issued: ["x1": [1], "x2": [2]])
        let plan = AppleVersionPlanner.plan(elsewhere, contents: ["x2", "x1"], segments: split)
        // x2 at 2 for the old builds; x1 must then be above 2 for the new ones: a new version, 3.
        #expect(plan.versions == [2, 3])
        #expect(plan.raised == [false, true])
    }
}
