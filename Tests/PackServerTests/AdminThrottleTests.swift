@testable import PackServer
import Synchronization
import Testing

/// The admin throttle's memory (docs/api.md "Admin API"): whom it counts together, when it forgets, and
/// that a full table fails closed.
@Suite struct AdminThrottleTests {
    /// Six failures block a client for a second (`FailureRecord`'s rule).
    static func blockSixTimes(_ throttle: AuthenticationThrottle, _ address: String) {
        for _ in 0..<6 { throttle.recordFailure(from: address) }
    }

    @Test func everyAddressOfAnIPv6Slash64SharesOneBudget() {
        let throttle = AuthenticationThrottle { 0 }
        for host in 0..<6 { throttle.recordFailure(from: "2001:db8:1:2::\(host + 1)") }
        #expect(throttle.retryAfter(for: "2001:db8:1:2:ffff:ffff:ffff:ffff") == 1)
        #expect(throttle.retryAfter(for: "2001:db8:1:3::1") == nil, "another /64 is another client")
        #expect(throttle.count == 1)
    }

    @Test func anIPv4MappedAddressIsItsIPv4Address() {
        let throttle = AuthenticationThrottle { 0 }
        Self.blockSixTimes(throttle, "::ffff:192.0.2.7")
        #expect(throttle.retryAfter(for: "192.0.2.7") == 1)
        #expect(throttle.retryAfter(for: "192.0.2.8") == nil, "IPv4 clients count by address")
    }

    @Test func keysCompareAddressesNotSpellings() {
        #expect(ThrottleKey(address: "2001:DB8:0:0:1::1") == ThrottleKey(address: "2001:db8::1:0:0:1"))
        #expect(ThrottleKey(address: "::1") != ThrottleKey(address: "127.0.0.1"))
        #expect(ThrottleKey(address: "-") == ThrottleKey(address: "-"))
    }

    /// A client quiet for a minute is dropped from the table, not only treated as unblocked.
    @Test func aQuietMinuteForgetsTheClient() {
        let now = Mutex(0.0)
        let throttle = AuthenticationThrottle { now.withLock { $0 } }
        throttle.recordFailure(from: "192.0.2.1")
        #expect(throttle.count == 1)
        now.withLock { $0 = 61 }
        throttle.recordFailure(from: "192.0.2.2")
        #expect(throttle.count == 1, "192.0.2.1 was forgotten")
    }

    /// When every entry is live, a failure from a client not in the table is refused as throttled (the
    /// caller answers 429) instead of going unrecorded; clients already in it are still counted.
    @Test func aFullTableFailsClosed() {
        let now = Mutex(0.0)
        let throttle = AuthenticationThrottle(capacity: 3) { now.withLock { $0 } }
        for host in 1...3 { #expect(throttle.recordFailure(from: "192.0.2.\(host)")) }
        #expect(!throttle.recordFailure(from: "198.51.100.1"))
        #expect(throttle.recordFailure(from: "192.0.2.2"), "a client in the table is still counted")
        now.withLock { $0 = 61 }
        #expect(throttle.recordFailure(from: "198.51.100.1"), "room again once the others are forgotten")
    }
}
