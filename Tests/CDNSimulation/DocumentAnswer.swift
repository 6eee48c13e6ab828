/// A document answer a device received: when its request started and the answer ended, and the release it
/// showed (for a 304, the release the device already had).
package struct DocumentAnswer: Sendable {
    package let started: ContinuousClock.Instant
    package let ended: ContinuousClock.Instant
    package let release: Int?
}
