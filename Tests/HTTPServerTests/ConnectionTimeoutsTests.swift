@testable import HTTPServer
import Testing

/// The timeout rules as plain numbers: no socket, no clock.
@Suite struct ConnectionTimeoutsTests {
    static let limits = {
        var c = HTTPServerConfiguration()
        c.headerTimeoutSeconds = 10
        c.idleTimeoutSeconds = 60
        c.writeTimeoutSeconds = 30
        c.lingerSeconds = 2
        c.minBodyBytesPerSecond = 1000
        return ConnectionTimeouts.Limits(c)
    }()

    @Test func aHeadMustArriveWithinTheHeaderTimeoutOfAccept() {
        let t = ConnectionTimeouts(acceptedAt: 100)
        #expect(!t.isExpired(at: 109, pendingOutput: false, limits: Self.limits))
        #expect(t.isExpired(at: 110, pendingOutput: false, limits: Self.limits))
    }

    @Test func bytesBetweenRequestsStartTheHeadClockOnlyOnce() {
        var t = ConnectionTimeouts(acceptedAt: 0)
        t.becameIdle(at: 5)
        t.bytesArrived(at: 50)
        t.bytesArrived(at: 58)  // a trickle does not restart it
        #expect(!t.isExpired(at: 59, pendingOutput: false, limits: Self.limits))
        #expect(t.isExpired(at: 60, pendingOutput: false, limits: Self.limits))
    }

    @Test func anIdleConnectionClosesAfterTheIdleTimeout() {
        var t = ConnectionTimeouts(acceptedAt: 0)
        t.becameIdle(at: 5)
        #expect(!t.isExpired(at: 64, pendingOutput: false, limits: Self.limits))
        #expect(t.isExpired(at: 65, pendingOutput: false, limits: Self.limits))
    }

    /// A body trickled a byte at a time is cut off however often bytes arrive: only the average rate
    /// after the grace period counts.
    @Test(arguments: [
        // (seconds since the body started, bytes received, expired?)
        (10, 0, false),  // the grace period (the header timeout) is not over
        (11, 999, true),  // 1 s past the grace period needs 1,000 bytes
        (11, 1000, false),
        (20, 9999, true),
        (20, 10_000, false),
        (3600, 3_590_000, false),  // a long upload at a steady 1,000 B/s is fine
    ])
    func aBodyMustKeepUpTheMinimumAverageRate(elapsed: Int64, received: Int, expired: Bool) {
        var t = ConnectionTimeouts(acceptedAt: 0)
        t.bodyStarted(at: 1000)
        t.bodyReceived(received)
        #expect(t.isExpired(at: 1000 + elapsed, pendingOutput: false, limits: Self.limits) == expired)
    }

    /// While the application holds a streamed body (its consumer is behind) nothing expires, and the
    /// body's rate is then measured as if the pause had not happened.
    @Test func aPauseForTheApplicationStopsTheBodyRateClock() {
        var t = ConnectionTimeouts(acceptedAt: 0)
        t.bodyStarted(at: 1000)
        t.bodyReceived(5000)
        t.waitingForApplication(at: 1005)
        #expect(!t.isExpired(at: 5000, pendingOutput: false, limits: Self.limits))
        t.bodyResumed(at: 5000)
        // 5 s of body before the pause, 10 more after it: 15 s need 5,000 bytes, as it received.
        #expect(!t.isExpired(at: 5010, pendingOutput: false, limits: Self.limits))
        #expect(t.isExpired(at: 5011, pendingOutput: false, limits: Self.limits))
    }

    @Test func pendingOutputIsJudgedByWriteProgressAlone() {
        var t = ConnectionTimeouts(acceptedAt: 0)
        t.becameIdle(at: 0)
        t.wrote(at: 100)
        // Idle for far longer than the idle timeout, but a response is being written: the stall rule.
        #expect(!t.isExpired(at: 129, pendingOutput: true, limits: Self.limits))
        #expect(t.isExpired(at: 130, pendingOutput: true, limits: Self.limits))
        t.wrote(at: 129)
        #expect(!t.isExpired(at: 150, pendingOutput: true, limits: Self.limits))
    }

    @Test func lingeringEndsAfterTheLingerTimeEvenWithOutputPending() {
        var t = ConnectionTimeouts(acceptedAt: 0)
        t.startedLingering(at: 10)
        #expect(!t.isExpired(at: 11, pendingOutput: false, limits: Self.limits))
        #expect(t.isExpired(at: 12, pendingOutput: true, limits: Self.limits))
    }
}
