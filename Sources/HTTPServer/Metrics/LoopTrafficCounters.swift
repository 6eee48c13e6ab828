import Synchronization

/// One event loop's traffic counters. Only the owning loop's thread writes them, so an increment is a
/// relaxed load and a relaxed store of the same slot — plain moves on the machine, no lock, no atomic
/// read-modify-write, no line shared with another loop. A scrape reads them from another thread with
/// relaxed loads: a value may be a request behind, never torn, and every counter only grows.
final class LoopTrafficCounters: @unchecked Sendable {
    let layout: TrafficCounterLayout
    private let slots: UnsafeMutablePointer<Atomic<Int>>
    private static let cacheLine = 64

    init(layout: TrafficCounterLayout) {
        self.layout = layout
        // Aligned and rounded up to whole cache lines, so no other allocation shares a line with these.
        let bytes = (layout.slotCount * MemoryLayout<Atomic<Int>>.stride + Self.cacheLine - 1)
            / Self.cacheLine * Self.cacheLine
        slots = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: Self.cacheLine)
            .bindMemory(to: Atomic<Int>.self, capacity: layout.slotCount)
        for index in 0..<layout.slotCount { (slots + index).initialize(to: Atomic(0)) }
    }

    deinit {
        slots.deinitialize(count: layout.slotCount)
        UnsafeMutableRawPointer(slots).deallocate()
    }

    /// A response ended (`aborted`: the connection closed before all of it was sent).
    func responded(route: RouteLabel, status: Int, bodyBytes: Int64, aborted: Bool) {
        add(1, at: layout.request(route: route.index, status: status))
        add(Int(bodyBytes), at: layout.bodyBytes(route: route.index))
        if aborted { add(1, at: layout.aborted(route: route.index)) }
    }

    func connectionOpened() { add(1, at: layout.connectionsAccepted) }
    func connectionClosed() { add(1, at: layout.connectionsClosed) }
    func tlsHandshakeCompleted() { add(1, at: layout.tlsHandshakes) }
    func tlsHandshakeFailed() { add(1, at: layout.tlsHandshakeFailures) }
    func proxyHeaderRefused(_ refusal: ProxyRefusal) { add(1, at: layout.proxyRefusals(refusal.reason)) }

    /// The current values, read from any thread.
    func values() -> [Int] {
        (0..<layout.slotCount).map { slots[$0].load(ordering: .relaxed) }
    }

    /// Single writer: a load and a store, not `wrappingAdd`, which would be a locked instruction.
    @inline(__always)
    private func add(_ amount: Int, at index: Int) {
        let slot = slots + index
        slot.pointee.store(slot.pointee.load(ordering: .relaxed) &+ amount, ordering: .relaxed)
    }
}
