/// Everything a `FleetSimulation` run observed, for the benchmark's summary and the tests' checks.
package struct FleetRecord: Sendable {
    package let devices: [FleetDevice]
    package let tally: DeviceTally
    package let started: ContinuousClock.Instant
    package let ended: ContinuousClock.Instant
    package let publish: PublishTimes
    package let answers: [DocumentAnswer]
    /// For every poll, when it was due and how late it started (the client's CPU falling behind).
    package let pollLateness: [(due: ContinuousClock.Instant, late: Duration)]
    /// SHA-256 → size of every blob a device began to download.
    package let requestedBlobs: [String: Int]
}
