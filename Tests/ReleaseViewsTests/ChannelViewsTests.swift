import ReleaseViews
import Testing

/// Which release each build reads: the newest of the channel's history that admits it.
@Suite struct ChannelViewsTests {
    private func entry(_ release: Int, min: String? = nil, max: String? = nil) throws -> ChannelHistoryEntry {
        ChannelHistoryEntry(release: release, builds: try BuildRange(min: min, max: max))
    }

    private func release(_ views: ChannelViews, _ build: String?) throws -> Int? {
        try views.segment(for: build.map { try AppBuild(parsing: $0) })?.release
    }

    @Test func oldBuildsReadTheOldReleaseNewBuildsTheNew() throws {
        let views = ChannelViews(history: [try entry(1, max: "1.9"), try entry(2, min: "1.10")])
        #expect(try release(views, "1.9.3") == 1)
        #expect(try release(views, "1.10") == 2)
        #expect(try release(views, "0.5") == 1)
        #expect(try release(views, nil) == 1)
        #expect(views.segments.map(\.description) == ["0.0.0-1.10.0", "1.10.0-"])
    }

    @Test func aHotfixForOldBuildsIsWhatTheyRead() throws {
        let views = ChannelViews(history: [try entry(1, max: "1.9"), try entry(2, min: "1.10"), try entry(3, max: "1.9")])
        #expect(try release(views, "1.9") == 3)
        #expect(try release(views, "1.10") == 2)
        #expect(views.answeredReleases == [2, 3])
    }

    @Test func buildsNoReleaseAdmitsReadNothing() throws {
        let views = ChannelViews(history: [try entry(1, min: "2")])
        #expect(try release(views, "1.9") == nil)
        #expect(try release(views, nil) == nil)
        #expect(try release(views, "2.0.0") == 1)
    }

    @Test func aReleaseForEveryBuildHidesEarlierOnes() throws {
        let views = ChannelViews(history: [try entry(1, max: "1.9"), try entry(2, min: "1.10"), try entry(3)])
        #expect(views.segments == [ViewSegment(lower: .zero, upper: nil, release: 3)])
    }

    @Test func oneReleaseCanAnswerTwoSegments() throws {
        let views = ChannelViews(history: [try entry(1), try entry(2, min: "1.5", max: "1.7")])
        #expect(views.segments.map(\.release) == [1, 2, 1])
        #expect(try release(views, "1.7.9") == 2)
        #expect(try release(views, "1.8") == 1)
    }

    @Test func segmentNamesReadBack() throws {
        for segment in ChannelViews(history: [try entry(1), try entry(2, min: "1.5", max: "1.7")]).segments {
            #expect(ViewSegment(named: Substring(segment.description), release: segment.release) == segment)
        }
        #expect(ViewSegment(named: "2.0.0-1.0.0", release: 1) == nil)
        #expect(ViewSegment(named: "2.0-", release: 1) == nil)
    }
}
