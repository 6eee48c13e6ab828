import Synchronization

/// Says yes once, to whichever thread asks first: for a notice worth one line at a louder level (the first
/// refused PROXY connection at info, the rest at debug) without a line per event.
final class FirstOccurrence: Sendable {
    private let claimed = Atomic<Bool>(false)

    /// True the first time it is called on this instance, false ever after.
    func claim() -> Bool {
        !claimed.exchange(true, ordering: .relaxed)
    }
}
