import CSocketShims
import Glibc

/// An epoll set (epoll(7)): the descriptors one event loop waits on, each registered with the events it
/// wants (the `CSOCKET_EPOLL*` bits) and a tag that comes back with them. A value: the loop owns it and
/// closes it.
package struct Epoll {
    /// One readiness event: the bits that happened and the registration's tag.
    package typealias Event = csocket_event

    package let descriptor: Int32

    /// nil when the kernel refuses (errno says why).
    package init?() {
        descriptor = csocket_epoll_create()
        if descriptor < 0 { return nil }
    }

    /// Registers `socket` for `events`; its events carry `tag`. False when the kernel refuses.
    @discardableResult
    package func add(_ socket: Int32, events: UInt32, tag: UInt64) -> Bool {
        csocket_epoll_control(descriptor, 1, socket, events, tag) == 0
    }

    /// Unregisters `socket` (closing a descriptor unregisters it too).
    package func remove(_ socket: Int32) {
        _ = csocket_epoll_control(descriptor, 2, socket, 0, 0)
    }

    /// Waits at most `timeout` milliseconds (0: only polls) for events, writes at most `capacity` (≤ 1024)
    /// of them to `events` and returns how many.
    package func wait(into events: UnsafeMutablePointer<Event>, capacity: Int, timeout: Int32) -> Int {
        max(0, Int(csocket_epoll_wait(descriptor, events, Int32(capacity), timeout)))
    }

    package func close() {
        Glibc.close(descriptor)
    }
}
