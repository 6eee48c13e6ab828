/// One read of a device's document: the document when the answer was a 200 (nil for a 304, the device's
/// copy still current), and when the request started and the answer ended, for the simulation's timeline
/// (which release answered a request made after the purge).
package struct DocumentRead: Sendable {
    package let document: DeviceDocument?
    package let started: ContinuousClock.Instant
    package let ended: ContinuousClock.Instant

    package init(document: DeviceDocument?, started: ContinuousClock.Instant, ended: ContinuousClock.Instant) {
        self.document = document
        self.started = started
        self.ended = ended
    }
}
