/// When the publish of the new release happened, as the simulation saw it: `packserve publish` started and
/// exited; the origin's log said the release went live and that the cache answered its purge (the log lines
/// carry whole seconds only, so these are when the lines appeared).
package struct PublishTimes: Sendable {
    package var started: ContinuousClock.Instant?
    package var exited: ContinuousClock.Instant?
    package var originLive: ContinuousClock.Instant?
    package var purged: ContinuousClock.Instant?
}
