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
        #expect(t.expiry(at: 109, pendingOutput: false, limits: Self.limits) == nil)
        #expect(t.expiry(at: 110, pendingOutput: false, limits: Self.limits) != nil)
    }

    @Test func bytesBetweenRequestsStartTheHeadClockOnlyOnce() {
        var t = ConnectionTimeouts(acceptedAt: 0)
        t.becameIdle(at: 5)
        t.bytesArrived(at: 50)
        t.bytesArrived(at: 58)  // a trickle does not restart it
        #expect(t.expiry(at: 59, pendingOutput: false, limits: Self.limits) == nil)
        #expect(t.expiry(at: 60, pendingOutput: false, limits: Self.limits) != nil)
    }

    @Test func anIdleConnectionClosesAfterTheIdleTimeout() {
        var t = ConnectionTimeouts(acceptedAt: 0)
        t.becameIdle(at: 5)
        #expect(t.expiry(at: 64, pendingOutput: false, limits: Self.limits) == nil)
        #expect(t.expiry(at: 65, pendingOutput: false, limits: Self.limits) != nil)
    }

    /// A body below the default pace (1,000 B/s over every 10-second window, the header timeout) is
    /// answered 408, however often single bytes arrive.
    @Test(arguments: [
        // (seconds since the body started, bytes received per second throughout, 408?)
        (9, 0, false),  // no window has passed yet
        // The window at second 10 holds seconds 0 to 10 (the second under way included): 11 × 900 < 10,000.
        (10, 900, true),
        (10, 910, false),
        (3600, 1000, false),  // a long upload at a steady 1,000 B/s is fine
    ])
    func aBodyMustKeepUpTheDefaultPace(elapsed: Int64, perSecond: Int, timedOut: Bool) {
        var t = ConnectionTimeouts(acceptedAt: 0)
        t.bodyStarted(at: 1000, pace: Self.limits.defaultBodyPace)
        for second in 0...elapsed { t.bodyReceived(perSecond, at: 1000 + second) }
        #expect(t.expiry(at: 1000 + elapsed, pendingOutput: false, limits: Self.limits) == (timedOut ? .requestTimeout : nil))
    }

    /// While the application holds a streamed body (its consumer is behind) nothing expires, and the
    /// body's rate is then measured as if the pause had not happened.
    @Test func aPauseForTheApplicationStopsTheBodyRateClock() {
        var t = ConnectionTimeouts(acceptedAt: 0)
        t.bodyStarted(at: 1000, pace: .within(seconds: 15))
        t.bodyReceived(5000, at: 1004)
        t.waitingForApplication(at: 1005)
        #expect(t.expiry(at: 5000, pendingOutput: false, limits: Self.limits) == nil)
        t.bodyResumed(at: 5000)
        // 5 s of body before the pause, 10 more after it: the 15 s deadline falls at 5010.
        #expect(t.expiry(at: 5009, pendingOutput: false, limits: Self.limits) == nil)
        #expect(t.expiry(at: 5010, pendingOutput: false, limits: Self.limits) == .requestTimeout)
    }

    @Test func aStalledHeadIsClosedWithoutAnAnswer() {
        let t = ConnectionTimeouts(acceptedAt: 0)
        #expect(t.expiry(at: 10, pendingOutput: false, limits: Self.limits) == .close)
    }

    @Test func pendingOutputIsJudgedByWriteProgressAlone() {
        var t = ConnectionTimeouts(acceptedAt: 0)
        t.becameIdle(at: 0)
        t.wrote(at: 100)
        // Idle for far longer than the idle timeout, but a response is being written: the stall rule.
        #expect(t.expiry(at: 129, pendingOutput: true, limits: Self.limits) == nil)
        #expect(t.expiry(at: 130, pendingOutput: true, limits: Self.limits) != nil)
        t.wrote(at: 129)
        #expect(t.expiry(at: 150, pendingOutput: true, limits: Self.limits) == nil)
    }

    @Test func lingeringEndsAfterTheLingerTimeEvenWithOutputPending() {
        var t = ConnectionTimeouts(acceptedAt: 0)
        t.startedLingering(at: 10)
        #expect(t.expiry(at: 11, pendingOutput: false, limits: Self.limits) == nil)
        #expect(t.expiry(at: 12, pendingOutput: true, limits: Self.limits) != nil)
    }
}
