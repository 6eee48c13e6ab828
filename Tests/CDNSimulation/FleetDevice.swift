/// One device of a `FleetSimulation` and what happened to it when. The times are written by the thread that
/// runs the device's step, with the simulation's `lock` held.
package final class FleetDevice: @unchecked Sendable {
    package let index: Int
    package let device: SimulatedDevice
    package let interruption: Interruption?
    package internal(set) var installedAt: ContinuousClock.Instant?
    /// The release it installed from (nil if the install failed).
    package internal(set) var installRelease: Int?
    /// When a poll first showed it the new release.
    package internal(set) var seenNewAt: ContinuousClock.Instant?
    package internal(set) var updatedAt: ContinuousClock.Instant?
    package internal(set) var polls = 0
    /// The release it installed or, once a poll showed it a newer one, is updating to.
    package internal(set) var release: Int?

    init(index: Int, device: SimulatedDevice, interruption: Interruption?) {
        self.index = index
        self.device = device
        self.interruption = interruption
    }
}
