import Foundation

/// How a `FleetSimulation` runs its devices (scripts/bench-cdn's options of the same names).
package struct FleetOptions: Sendable {
    /// Devices installing or updating at once, each on a thread with its own keep-alive connection.
    package var workers = 32
    /// How many of the workers read a body at once (by default one per core). Each of the `workers` devices
    /// has its request out and its connection filling, but hashing at full speed on every worker thread would
    /// crowd the cache, the origin and the pollers off a few shared cores, and polls would fall behind by
    /// seconds: what the bench measures after a publish. (Python's bench had the same bound from its GIL.)
    package var concurrentReads = ProcessInfo.processInfo.activeProcessorCount
    /// Threads that run the installed devices' polls.
    package var pollWorkers = 8
    /// How often an installed device revalidates its document.
    package var pollSeconds = 2.0
    /// Percentage of devices that break one download and resume it.
    package var resumePercent = 20.0
    package var pieceBytes = 4 << 20
    /// Seeds the devices' choices (kinds, on-demand packs, interruptions) with Python's generator, as
    /// scripts/bench-cdn did: `seed + devices`.
    package var seed = 22
    /// Chance that a device wants each on-demand pack.
    package var onDemandProbability = 0.15
    /// Which documents devices read, with their shares (adding up to 1).
    package var kinds: [(share: Double, kind: DocumentKind)] = [
        (0.4, .downloadManifest(platform: "ios")), (0.2, .downloadManifest(platform: "macos")), (0.4, .signedManifest),
    ]
    /// The release the devices install from, and the one the publish makes.
    package var fromRelease = 1
    package var toRelease = 2

    package init() {}
}
