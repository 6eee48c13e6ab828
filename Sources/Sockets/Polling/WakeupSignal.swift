import CSocketShims
import Glibc

/// A non-blocking eventfd(2) that other threads signal to wake an event loop out of its epoll wait; the
/// loop registers it in its `Epoll` and drains it when it fires. Signals before a drain add up to one
/// wake-up.
package struct WakeupSignal {
    package let descriptor: Int32

    /// nil when the kernel refuses (errno says why).
    package init?() {
        descriptor = csocket_eventfd()
        if descriptor < 0 { return nil }
    }

    /// From any thread.
    package func signal() {
        csocket_eventfd_signal(descriptor)
    }

    /// On the loop, once the wake-up is seen.
    package func drain() {
        csocket_eventfd_drain(descriptor)
    }

    package func close() {
        Glibc.close(descriptor)
    }
}
