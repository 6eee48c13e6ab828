@testable import HTTPServer
import Testing

/// The timeouts folded into the machine's states, as plain numbers: each state's clock starts when the
/// state is entered, and `expiry(at:)` says whether it has run out. No socket, no clock but the test's.
@Suite struct ConnectionMachineTimeoutTests {
    static let limits = {
        var c = HTTPServerConfiguration()
        c.headerTimeoutSeconds = 10
        c.idleTimeoutSeconds = 60
        c.writeTimeoutSeconds = 30
        c.lingerSeconds = 2
        c.minBodyBytesPerSecond = 1000
        return ConnectionLimits(c)
    }()

    static func machine(acceptedAt t: Int64, proxyHeader: Bool = false) -> ConnectionMachine {
        ConnectionMachine(limits: limits, acceptedAt: t, readsProxyHeader: proxyHeader)
    }

    @Test func aHeadMustArriveWithinTheHeaderTimeoutOfAccept() {
        var m = Self.machine(acceptedAt: 100)
        #expect(m.expiry(at: 109) == nil)
        #expect(m.expiry(at: 110) == .close)
        // The handshake does not restart the clock.
        _ = m.handle(.handshake(.done), at: 105)
        #expect(m.expiry(at: 109) == nil)
        #expect(m.expiry(at: 110) == .close)
    }

    @Test func aPROXYHeaderThatStallsIsRefusedAsIncomplete() {
        var m = Self.machine(acceptedAt: 100, proxyHeader: true)
        #expect(m.expiry(at: 109) == nil)
        #expect(m.expiry(at: 110) == .proxyHeaderIncomplete)
        #expect(m.handle(.timerFired, at: 110).name == "refuseProxy")
    }

    @Test func bytesBetweenRequestsStartTheHeadClockOnlyOnce() {
        var m = Self.machine(acceptedAt: 0)
        m.state = .idle(since: 5)
        Array("GET /x HTTP/1.1\r\n".utf8).withUnsafeBytes { _ = m.handle(.received($0, socketMayHoldMore: false), at: 50) }
        // A trickle does not restart it.
        Array("Host: t".utf8).withUnsafeBytes { _ = m.handle(.received($0, socketMayHoldMore: false), at: 58) }
        #expect(m.expiry(at: 59) == nil)
        #expect(m.expiry(at: 60) == .close)
    }

    @Test func anIdleConnectionClosesAfterTheIdleTimeout() {
        var m = Self.machine(acceptedAt: 0)
        m.state = .writing(lastProgress: 0, then: .nextRequest)
        _ = m.handle(.wrote(.drained, progressed: true), at: 5)
        #expect(m.state.name == "idle")
        #expect(m.expiry(at: 64) == nil)
        #expect(m.expiry(at: 65) == .close)
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
        var body = MachineFixtures.body()
        body.clock = BodyClock(pace: Self.limits.defaultBodyPace, startedAt: 1000)
        for second in 0...elapsed { body.clock.received(perSecond, at: 1000 + second) }
        var m = Self.machine(acceptedAt: 0)
        m.state = .readingBody(body)
        #expect(m.expiry(at: 1000 + elapsed) == (timedOut ? .requestTimeout : nil))
        if timedOut {
            #expect(m.handle(.timerFired, at: 1000 + elapsed).name == "refuse")
        }
    }

    /// While the application holds a streamed body (its consumer is behind) nothing expires, and the
    /// body's rate is then measured as if the pause had not happened.
    @Test func aPauseForTheApplicationStopsTheBodyRateClock() {
        var body = MachineFixtures.body()
        body.clock = BodyClock(pace: .within(seconds: 15), startedAt: 1000)
        body.clock.received(5, at: 1004)
        var m = Self.machine(acceptedAt: 0)
        m.state = .awaitingConsumer(body, pausedAt: 1005, owesContinue: false)
        #expect(m.expiry(at: 5000) == nil)
        _ = m.handle(.consumerAsked(MachineFixtures.terms), at: 5000)
        // 5 s of body before the pause, 10 more after it: the 15 s deadline falls at 5010.
        #expect(m.expiry(at: 5009) == nil)
        #expect(m.expiry(at: 5010) == .requestTimeout)
    }

    @Test func aDeferredResponseNeverTimesOut() {
        let m = MachineFixtures.machine(in: .awaitingResponse(MachineFixtures.awaiting(promised: DeferredResponse())))
        #expect(m.expiry(at: 1_000_000) == nil)
    }

    @Test func pendingOutputIsJudgedByWriteProgressAlone() {
        var m = Self.machine(acceptedAt: 0)
        m.state = .writing(lastProgress: 100, then: .nextRequest)
        // Idle for far longer than the idle timeout, but a response is being written: the stall rule.
        #expect(m.expiry(at: 129) == nil)
        #expect(m.expiry(at: 130) == .close)
        _ = m.handle(.wrote(.wouldBlock, progressed: true), at: 129)
        #expect(m.expiry(at: 150) == nil)
        _ = m.handle(.wrote(.wouldBlock, progressed: false), at: 155)
        #expect(m.expiry(at: 159) == .close, "no progress does not reset the stall clock")
    }

    @Test func lingeringEndsAfterTheLingerTime() {
        var m = Self.machine(acceptedAt: 0)
        m.state = .writing(lastProgress: 0, then: .linger)
        #expect(m.handle(.wrote(.drained, progressed: true), at: 10).name == "startLingering")
        #expect(m.expiry(at: 11) == nil)
        #expect(m.expiry(at: 12) == .close)
    }
}
