import Foundation
import PackStore
import ReleaseViews
import Testing

/// Staged rollouts in the index (docs/rollouts.md): the steps, what each signs, and what they refuse.
@Suite struct RolloutStoreTests {
    let beta = ChannelName("beta")!
    let five = RolloutPercent(tenths: 50)!

    /// Production at release 1, beta at release 2 (another content of pack `a`): 2 is the candidate.
    private func storeWithCandidate() throws -> TemporaryStore {
        let fixture = try TemporaryStore()
        try fixture.store.add(file: try fixture.makeFile("a1", text: "one"), id: "a")
        try fixture.store.publish()
        _ = try fixture.store.createChannel(beta, sealedBy: RecordingSealer())
        try fixture.store.add(file: try fixture.makeFile("a2", text: "two"), id: "a")
        _ = try fixture.store.publish(channel: beta, sealedBy: RecordingSealer())
        return fixture
    }

    @Test func eachStepSignsTheChannelAgainAndOnlyARunningRolloutHasCohortViews() throws {
        let store = try storeWithCandidate().store
        let (started, change) = try store.startRollout(.production, candidate: 2, percent: five, seed: 7, sealedBy: RecordingSealer())
        #expect(started.state == .running && started.candidate == 2 && started.previousRelease == 1)
        #expect(change.version == 2 && change.release == 1, "a rollout makes no release and moves no pointer")
        #expect(try store.latestManifests().keys.sorted() == ["0.0.0-", "cohorts/0.0.0-"])
        #expect(try store.latestManifests()["cohorts/0.0.0-"]?.release == 2)
        #expect(try store.runningRollout(of: .production)?.1.segments.map(\.release) == [2])
        #expect(try store.channels().map { $0.rollout?.candidate } == [2, nil], "channels lists the live rollout")

        let raised = try store.raiseRollout(.production, to: RolloutPercent(tenths: 250)!, sealedBy: RecordingSealer())
        #expect(raised.1.version == 3 && raised.0.cohorts.offset == started.cohorts.offset)
        let halted = try store.setRolloutRunning(false, .production, sealedBy: RecordingSealer())
        #expect(halted.1.version == 4 && halted.0.state == .halted)
        #expect(try store.latestManifests().keys.sorted() == ["0.0.0-"], "a halted rollout serves every cohort the channel's view")
        #expect(try store.runningRollout(of: .production) == nil)
        let resumed = try store.setRolloutRunning(true, .production, sealedBy: RecordingSealer())
        #expect(resumed.0.cohorts == raised.0.cohorts, "the same cohorts")
        #expect(try store.latestManifests().keys.sorted() == ["0.0.0-", "cohorts/0.0.0-"])

        let finished = try store.endRollout(.production, finish: true, sealedBy: RecordingSealer())
        #expect(finished.0.state == .finished && finished.1.release == 2 && finished.1.version == 6)
        #expect(try store.answeringRelease() == 2)
        #expect(try store.channelHistory(.production).map(\.action) == [.publish, .rollout])
        #expect(try store.latestManifests().keys.sorted() == ["0.0.0-"])
        #expect(try store.channels().allSatisfy { $0.rollout == nil }, "a finished rollout is not live")
    }

    @Test func aLiveRolloutHoldsItsChannelAndItsCandidate() throws {
        let store = try storeWithCandidate().store
        #expect(throws: PackStoreError.channel(.candidateNotNewer(channel: "production", current: 1, requested: 1))) {
            try store.startRollout(.production, candidate: 1, percent: five, seed: 1, sealedBy: RecordingSealer())
        }
        #expect(throws: PackStoreError.channel(.noLiveRollout(channel: "production"))) {
            try store.setRolloutRunning(false, .production, sealedBy: RecordingSealer())
        }
        _ = try store.startRollout(.production, candidate: 2, percent: five, seed: 1, sealedBy: RecordingSealer())
        let live = PackStoreError.channel(.rolloutLive(channel: "production", candidate: 2, state: "running"))
        #expect(throws: live) { try store.publish(sealedBy: RecordingSealer()) }
        #expect(throws: live) { try store.promote(.production, to: 2, sealedBy: RecordingSealer()) }
        #expect(throws: live) { try store.rollback(to: 1, sealedBy: RecordingSealer()) }
        #expect(throws: live) { try store.startRollout(.production, candidate: 2, percent: five, seed: 2, sealedBy: RecordingSealer()) }
        #expect(throws: PackStoreError.channel(.percentNotRaised(channel: "production", current: "5", requested: "5"))) {
            try store.raiseRollout(.production, to: five, sealedBy: RecordingSealer())
        }
        #expect(throws: PackStoreError.channel(.rolloutAlready(channel: "production", state: "running"))) {
            try store.setRolloutRunning(true, .production, sealedBy: RecordingSealer())
        }
        // Beta moves on; gc keeps production's candidate even when nothing else would.
        _ = try store.rollback(to: 1, channel: beta, sealedBy: RecordingSealer())
        #expect(try store.gcPlan(keepReleases: 1).kept.first { $0.release == 2 }?.reasons == ["production is rolling out to it"])
        _ = try store.endRollout(.production, finish: false, sealedBy: RecordingSealer())
        #expect(try store.answeringRelease() == 1, "cancel leaves the channel where it was")
        #expect(try store.gcPlan(keepReleases: 1).pruned.contains(2))
    }

    /// The offset rule through the store: a channel's rollouts, one after another, never begin with the
    /// same cohort, whatever the seeds.
    @Test func consecutiveRolloutsOfAChannelBeginWithOtherCohorts() throws {
        let store = try storeWithCandidate().store
        var previous: Int?
        for seed: UInt64 in [0, 1000, 2000, 999, 0, 0] {
            let (status, _) = try store.startRollout(.production, candidate: 2, percent: five, seed: seed, sealedBy: RecordingSealer())
            if let previous { #expect(status.cohorts.firstCohort != previous, "seed \(seed)") }
            previous = status.cohorts.firstCohort
            _ = try store.endRollout(.production, finish: false, sealedBy: RecordingSealer())
        }
    }
}
