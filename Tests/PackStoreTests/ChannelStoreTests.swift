import Foundation
import PackStore
import ReleaseViews
import Testing

/// Channels and app builds in the index (docs/channels.md): pointers, histories, views, the Apple version
/// rule across builds, the build map, and what gc keeps.
@Suite struct ChannelStoreTests {
    let beta = ChannelName("beta")!

    private func build(_ text: String) throws -> AppBuild { try AppBuild(parsing: text) }
    private func range(min: String? = nil, max: String? = nil) throws -> BuildRange { try BuildRange(min: min, max: max) }

    /// Adds or replaces pack `id` with `text` as its bytes.
    private func put(_ fixture: TemporaryStore, _ id: String, _ text: String) throws {
        try fixture.store.add(file: try fixture.makeFile("\(id)-\(text)", text: text), id: id)
    }

    @Test func channelsPointAtReleasesAndCountTheirOwnVersions() throws {
        let fixture = try TemporaryStore()
        let store = fixture.store
        try put(fixture, "a", "one")
        try store.publish()
        _ = try store.createChannel(beta, sealedBy: RecordingSealer())
        try put(fixture, "a", "two")
        let (release, change) = try store.publish(channel: beta, sealedBy: RecordingSealer())
        #expect(release.number == 2 && release.channel == "beta")
        #expect(change.version == 2 && change.release == 2)
        #expect(try store.answeringRelease() == 1)
        #expect(try store.answeringRelease(channel: beta) == 2)
        #expect(try store.channels().map { "\($0.name)@\($0.release ?? 0) v\($0.version)" } == ["production@1 v1", "beta@2 v2"])
        #expect(try store.latestManifest(channel: beta)?.channel == "beta")

        // Promote forward only; rollback makes a new release.
        #expect(throws: PackStoreError.channel(.notNewer(channel: "beta", current: 2, requested: 1))) {
            try store.promote(beta, to: 1, sealedBy: RecordingSealer())
        }
        #expect(try store.promote(.production, to: 2, sealedBy: RecordingSealer()).version == 2)
        let (rolled, _) = try store.rollback(to: 1, channel: beta, sealedBy: RecordingSealer())
        #expect(rolled.number == 3 && rolled.rollbackOf == 1)
        #expect(try store.channelHistory(beta).map { "\($0.action.rawValue) \($0.release)" }
            == ["create 1", "publish 2", "rollback 3"])
        #expect(throws: PackStoreError.channel(.unknownChannel("qa"))) {
            try store.publish(channel: ChannelName("qa")!, sealedBy: RecordingSealer())
        }
    }

    @Test func aRemovedChannelKeepsItsCounterWhenCreatedAgain() throws {
        let fixture = try TemporaryStore()
        #expect(throws: PackStoreError.channel(.noReleaseYet(channel: "beta"))) {
            try fixture.store.createChannel(beta, sealedBy: RecordingSealer())
        }
        try put(fixture, "a", "one")
        try fixture.store.publish()
        _ = try fixture.store.createChannel(beta, sealedBy: RecordingSealer())
        _ = try fixture.store.createChannel(ChannelName("qa")!, sealedBy: RecordingSealer())
        try fixture.store.removeChannel(beta)
        #expect(try fixture.store.channels().map(\.name) == ["production", "qa"])
        #expect(try fixture.store.createChannel(beta, sealedBy: RecordingSealer()).version == 2)
        #expect(throws: PackStoreError.channel(.productionIsPermanent)) { try fixture.store.removeChannel(.production) }
        #expect(throws: PackStoreError.channel(.channelExists("beta"))) {
            try fixture.store.createChannel(beta, sealedBy: RecordingSealer())
        }
    }

    /// Release 1 for builds up to 1.9, release 2 from 1.10, then hotfix 3 for up to 1.9.
    @Test func eachBuildReadsTheNewestReleaseMadeForIt() throws {
        let fixture = try TemporaryStore()
        let store = fixture.store
        try put(fixture, "a", "one")
        try store.publish(builds: try range(max: "1.9"))
        try put(fixture, "a", "two")
        try store.publish(builds: try range(min: "1.10"))
        #expect(try store.answeringRelease(build: build("1.9.3")) == 1)
        #expect(try store.answeringRelease(build: build("1.10")) == 2)
        #expect(try store.answeringRelease(build: build("0.5")) == 1)
        #expect(try store.answeringRelease() == 1)
        #expect(try store.viewIDs(build: "1.9") == "a@1" && store.viewIDs(build: "1.10") == "a@2")

        try put(fixture, "a", "three")
        let (hotfix, change) = try store.publish(builds: try range(max: "1.9"), sealedBy: RecordingSealer())
        #expect(try store.answeringRelease(build: build("1.9")) == hotfix.number)
        #expect(try store.answeringRelease(build: build("1.10")) == 2)
        // 1.9 devices get version 3; 1.10 devices keep release 2's bytes, raised to 4 so an app update from
        // 1.9 to 1.10 never sees the version fall.
        #expect(try store.viewIDs(build: "1.9") == "a@3" && store.viewIDs(build: "1.10") == "a@4")
        #expect(change.raisedPacks == 1 && change.raisedViews == 1 && change.views == 2)
        #expect(try store.releaseBuilds(3) == range(max: "1.9"))
        #expect(try store.latestManifest(build: build("1.10"))?.release == 2)
    }

    @Test func aRemapThatWouldLowerAVersionIsRefusedUnlessForced() throws {
        let fixture = try TemporaryStore()
        let store = fixture.store
        try put(fixture, "a", "one")
        try store.publish()
        _ = try store.createChannel(beta, sealedBy: RecordingSealer())
        try put(fixture, "a", "two")
        try store.publish()
        // Production serves a@2; beta still a@1: moving 1.9.3's devices to beta would lower it.
        let device = try build("1.9.3")
        #expect(throws: PackStoreError.channel(.appleVersionWouldFall(build: "1.9.3", channel: "beta", pack: "a", from: 2, to: 1))) {
            try store.mapBuild(device, to: beta, sealedBy: RecordingSealer())
        }
        // Beta catches up: the remap is taken, and beta signs above production's version.
        _ = try store.promote(beta, to: 2, sealedBy: RecordingSealer())
        let moved = try store.mapBuild(device, to: beta, sealedBy: RecordingSealer())
        #expect(moved.version > (try store.latestManifestVersion() ?? 0))
        #expect(try store.buildMap() == [BuildMapping(build: device, channel: "beta")])
        #expect(throws: PackStoreError.channel(.buildsMapped(channel: "beta", builds: ["1.9.3"]))) {
            try store.removeChannel(beta)
        }
        // Back to production: same versions, allowed; the map forgets the build.
        _ = try store.mapBuild(device, to: .production, sealedBy: RecordingSealer())
        #expect(try store.buildMap().isEmpty)
        #expect(throws: PackStoreError.channel(.alreadyMapped(build: "1.9.3", channel: "production"))) {
            try store.mapBuild(device, to: .production, sealedBy: RecordingSealer())
        }
    }

    /// `--force` takes the remap the check refuses, and then the build's devices read the channel.
    @Test func aForcedRemapIsTaken() throws {
        let fixture = try TemporaryStore()
        let store = fixture.store
        try put(fixture, "a", "one")
        try store.publish()
        _ = try store.createChannel(beta, sealedBy: RecordingSealer())
        try put(fixture, "a", "two")
        try store.publish()
        let device = try build("1.9.3")
        #expect(throws: PackStoreError.self) { try store.mapBuild(device, to: beta, sealedBy: RecordingSealer()) }
        _ = try store.mapBuild(device, to: beta, force: true, sealedBy: RecordingSealer())
        #expect(try store.buildMap() == [BuildMapping(build: device, channel: "beta")])
        // A channel with nothing for the build is refused too, and forced the same way.
        try put(fixture, "a", "three")
        let forNewBuilds = try store.publish(builds: try range(min: "3"))
        let qa = ChannelName("qa")!
        _ = try store.createChannel(qa, at: forNewBuilds.number, sealedBy: RecordingSealer())
        let old = try build("2.0")
        #expect(throws: PackStoreError.channel(.noViewForBuild(build: "2.0", channel: "qa"))) {
            try store.mapBuild(old, to: qa, sealedBy: RecordingSealer())
        }
        _ = try store.mapBuild(old, to: qa, force: true, sealedBy: RecordingSealer())
        #expect(try store.buildMap().map(\.channel) == ["beta", "qa"])
    }

    @Test func gcKeepsEveryReleaseAViewAnswers() throws {
        let fixture = try TemporaryStore()
        let store = fixture.store
        try put(fixture, "a", "one")
        try store.publish(builds: try range(max: "1.9"))
        for text in ["two", "three", "four"] {
            try put(fixture, "a", text)
            try store.publish(builds: try range(min: "1.10"))
        }
        let plan = try store.gcPlan(keepReleases: 1)
        #expect(plan.pruned == [2, 3])
        #expect(plan.kept.map { "\($0.release): \($0.reasons.joined(separator: "; "))" } == [
            "1: production reads it for builds below 1.10.0",
            "4: one of the newest 1; production reads it for builds from 1.10.0",
        ])
        _ = try store.gc(keepReleases: 1)
        #expect(try store.releases().map { $0.isPruned } == [false, true, true, false])
        #expect(try store.answeringRelease(build: build("1.2")) == 1)
        #expect(try fixture.openAgain().viewIDs(build: "1.2") == "a@1")
    }

    @Test func publishingWhatTheChannelHasIsRefusedButAnotherRangeIsNot() throws {
        let fixture = try TemporaryStore()
        try put(fixture, "a", "one")
        try fixture.store.publish()
        #expect(throws: PackStoreError.nothingToPublish(latestRelease: 1)) { try fixture.store.publish() }
        #expect(try fixture.store.publish(builds: try range(min: "2")).number == 2)
    }

    /// Signings are whole manifests (35 MB for 100,000 packs), made again at every renewal: a channel keeps its
    /// newest two, and production its newest signing of each release not pruned (bucket and export read it).
    @Test func onlyTheSigningsSomethingReadsAreKept() throws {
        let fixture = try TemporaryStore()
        let store = fixture.store
        for text in ["one", "two", "three"] {
            try put(fixture, "a", text)
            try store.publish()
        }
        _ = try store.createChannel(beta, sealedBy: RecordingSealer())
        for release in [1, 2] { _ = try store.rollback(to: release, channel: beta, sealedBy: RecordingSealer()) }
        func kept() throws -> [String] {
            var signings: [String] = []
            try store.forEachManifest { signings.append("\($0.channel) v\($0.version) r\($0.release)") }
            return signings
        }
        #expect(try kept() == [
            "beta v2 r4", "beta v3 r5",
            "production v1 r1", "production v2 r2", "production v3 r3",
        ])
        #expect(try store.latestManifest(ofRelease: 1)?.version == 1)

        // gc keeps releases 3…5 (and what views answer): production's signings of 1 and 2 go with them.
        let report = try store.gc(keepReleases: 3)
        #expect(report.prunedReleases == [1, 2])
        let afterGC = try kept()
        #expect(afterGC == ["beta v2 r4", "beta v3 r5", "production v2 r2", "production v3 r3"], "\(afterGC)")
        #expect(try store.latestManifest(ofRelease: 1) == nil)
    }

    /// A view of a release with the same Apple versions as one already stored (twenty channels reading one
    /// release) is offered the stored documents; a sealer with the same profile and source names them, and
    /// the index holds one body.
    @Test func aViewLikeOneStoredIsOfferedItsDocuments() throws {
        let fixture = try TemporaryStore()
        let store = fixture.store
        let log = SealLog()
        let sealer = RecordingSealer(source: "s", log: log)
        try put(fixture, "a", "one")
        _ = try store.publish(sealedBy: sealer)
        #expect(log.offered == [[]])
        _ = try store.createChannel(beta, sealedBy: sealer)
        let production = try #require(try store.viewDocumentDigests(
            channel: .production, segment: ViewSegment(lower: .zero, upper: nil, release: 1), profile: "p"))
        #expect(log.offered.last == [StoredDocuments(profile: "p", source: "s", digests: production)])
        #expect(try store.viewDocumentDigests(
            channel: beta, segment: ViewSegment(lower: .zero, upper: nil, release: 1), profile: "p") == production)

        // Another source (a view-prefixed base URL) encodes its own; both bodies are kept while read.
        let qa = ChannelName("qa")!
        _ = try store.createChannel(qa, sealedBy: RecordingSealer(source: "t", log: log))
        #expect(log.offered.last?.map(\.source) == ["s"])
        // A new release's view has other contents: nothing to offer.
        try put(fixture, "a", "two")
        _ = try store.publish(channel: beta, sealedBy: sealer)
        #expect(log.offered.last == [])
        #expect(try store.fsck().isConsistent)
    }

    /// A sealer naming a document the index does not hold fails the change: no view names a missing body.
    @Test func aSealerNamingAMissingDocumentFailsTheChange() throws {
        let fixture = try TemporaryStore()
        let store = fixture.store
        try put(fixture, "a", "one")
        try store.publish()
        struct Inventing: ChannelSealer {
            func seal(_ request: ChannelSealRequest) throws -> ChannelSeal {
                var seal = try RecordingSealer().seal(request)
                for view in request.views {
                    seal.documents[view.segment.description] = ReleaseDocuments(
                        reusing: StoredDocuments(profile: "p", source: "s", digests: ["ids": String(repeating: "0", count: 64)]))
                }
                return seal
            }
        }
        #expect(throws: PackStoreError.self) { try store.createChannel(beta, sealedBy: Inventing()) }
        #expect(try store.channels().map(\.name) == ["production"])
    }
}
