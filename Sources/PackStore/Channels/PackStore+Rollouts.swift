import Foundation
import GRDB
import ReleaseViews

/// Staged rollouts (docs/rollouts.md): a channel's candidate release read by a growing share of its cohorts
/// before the channel points at it. Every step re-signs the channel's views at a new `version`, in the
/// transaction that makes it; none makes a release or changes an Apple version.
extension PackStore {
    /// The channel's rollout: the live one, or the last one once finished or cancelled; nil if it never had one.
    public func rollout(of channel: ChannelName) throws(PackStoreError) -> RolloutStatus? {
        try read { db in
            try Self.requireChannel(channel, db)
            return try RolloutRecord.fetchOne(db, key: channel.text)?.status()
        }
    }

    /// The channel's running rollout and the views its admitted cohorts read (each named by
    /// `ViewSegment.cohortViewName` among the channel's manifests); nil when none runs.
    public func runningRollout(of channel: ChannelName) throws(PackStoreError) -> (RolloutStatus, ChannelViews)? {
        try read { db in
            guard let rollout = try RolloutRecord.fetchOne(db, key: channel.text)?.status(), rollout.admitsCandidate else {
                return nil
            }
            return (rollout, ChannelViews(segments: try Self.cohortViews(of: channel, db).map(\.segment)))
        }
    }

    /// Starts rolling `channel` out to retained release `candidate` (newer than its current one) at `percent`.
    /// `seed` picks the cohorts (`RolloutCohorts.offset`): never those the channel's previous rollout began with.
    public func startRollout(
        _ channel: ChannelName, candidate: Int, percent: RolloutPercent, seed: UInt64, sealedBy sealer: some ChannelSealer
    ) throws(PackStoreError) -> (RolloutStatus, ChannelChange) {
        try write { db in
            try Self.requireChannel(channel, db)
            let previous = try RolloutRecord.fetchOne(db, key: channel.text)
            if let previous, previous.isLive {
                throw PackStoreError.channel(
                    .rolloutLive(channel: channel.text, candidate: previous.candidate, state: previous.state))
            }
            try Self.requireListableRelease(candidate, db)
            let current = try Self.currentRelease(of: channel, db) ?? 0
            guard candidate > current else {
                throw PackStoreError.channel(.candidateNotNewer(channel: channel.text, current: current, requested: candidate))
            }
            let now = Self.now()
            let record = RolloutRecord(
                channel: channel.text, candidate: candidate, previousRelease: current, tenths: percent.tenths,
                offset: RolloutCohorts.offset(seed: seed, previous: previous?.offset), state: RolloutState.running.rawValue,
                startedAt: now, changedAt: now)
            try record.save(db)
            return (try record.status(), try Self.signChannel(channel, sealer: sealer, db))
        }
    }

    /// Raises the live rollout's percent: the cohorts admitted so far stay admitted.
    public func raiseRollout(_ channel: ChannelName, to percent: RolloutPercent, sealedBy sealer: some ChannelSealer)
        throws(PackStoreError) -> (RolloutStatus, ChannelChange)
    {
        try changeLiveRollout(channel, sealer: sealer) { record in
            guard percent.tenths > record.tenths else {
                throw PackStoreError.channel(.percentNotRaised(
                    channel: channel.text, current: try record.status().percent.description, requested: percent.description))
            }
            record.tenths = percent.tenths
        }
    }

    /// Serves every cohort the channel's current release again (`halt`), or the admitted ones the candidate
    /// again (`resume`), with the same cohorts.
    public func setRolloutRunning(_ running: Bool, _ channel: ChannelName, sealedBy sealer: some ChannelSealer)
        throws(PackStoreError) -> (RolloutStatus, ChannelChange)
    {
        try changeLiveRollout(channel, sealer: sealer) { record in
            let wanted = running ? RolloutState.running : .halted
            guard record.state != wanted.rawValue else {
                throw PackStoreError.channel(.rolloutAlready(channel: channel.text, state: wanted.rawValue))
            }
            record.state = wanted.rawValue
            if !running { record.haltReason = "manual" }
        }
    }

    /// Ends the live rollout: `finish` points the channel at the candidate; `cancel` leaves it where it is.
    public func endRollout(_ channel: ChannelName, finish: Bool, sealedBy sealer: some ChannelSealer)
        throws(PackStoreError) -> (RolloutStatus, ChannelChange)
    {
        try changeLiveRollout(channel, sealer: sealer) { record in
            record.state = finish ? RolloutState.finished.rawValue : RolloutState.cancelled.rawValue
        } then: { record, db in
            if finish { try Self.point(channel, at: record.candidate, action: .rollout, db) }
        }
    }

    /// Refuses when the channel has a live rollout: publish, promote and rollback wait for its end.
    static func requireNoLiveRollout(_ channel: ChannelName, _ db: Database) throws {
        guard let record = try RolloutRecord.fetchOne(db, key: channel.text), record.isLive else { return }
        throw PackStoreError.channel(.rolloutLive(channel: channel.text, candidate: record.candidate, state: record.state))
    }

    private func changeLiveRollout(
        _ channel: ChannelName, sealer: some ChannelSealer, _ change: (inout RolloutRecord) throws -> Void,
        then: (RolloutRecord, Database) throws -> Void = { _, _ in }
    ) throws(PackStoreError) -> (RolloutStatus, ChannelChange) {
        try write { db in
            try Self.requireChannel(channel, db)
            guard var record = try RolloutRecord.fetchOne(db, key: channel.text), record.isLive else {
                throw PackStoreError.channel(.noLiveRollout(channel: channel.text))
            }
            let wasRunning = record.state == RolloutState.running.rawValue
            try change(&record)
            record.changedAt = Self.now()
            try record.update(db)
            if wasRunning, record.state == RolloutState.halted.rawValue {
                try Self.queueHaltEvent(try record.status(), reason: record.haltReason ?? "manual", db)
            }
            try then(record, db)
            return (try record.status(), try Self.signChannel(channel, sealer: sealer, db))
        }
    }
}
