@testable import HTTPServer
import Testing

/// The body pace rules as plain numbers (docs/http.md "Request bodies").
@Suite struct BodyClockTests {
    static let upload = BodyPace.minimumRate(bytesPerSecond: 16_384, windowSeconds: 30)

    /// The camping attack: 128 KiB at once, then silence. An average since the start would allow
    /// 128 KiB / 16 KiB/s = 8 s... but a rate over the whole upload would let a 100 MiB burst buy hours.
    /// The window sees only the last 30 s.
    @Test func aBurstBuysNoCreditForLaterSilence() {
        var clock = BodyClock(pace: Self.upload, startedAt: 0)
        clock.received(100 << 20, at: 0)  // 100 MiB in the first second
        for second in Int64(1)...30 { #expect(!clock.isTooSlow(at: second), "second \(second)") }
        // The burst's second leaves the window at 31: nothing since.
        #expect(clock.isTooSlow(at: 31))
    }

    @Test func aSteadyUploadAtTheMinimumRateIsNeverTooSlow() {
        var clock = BodyClock(pace: Self.upload, startedAt: 100)
        for second in Int64(0)...600 {
            clock.received(16_384, at: 100 + second)
            #expect(!clock.isTooSlow(at: 100 + second))
        }
    }

    /// 1.5 KiB/s (the trickling uploads that held every slot) is cut off once a window has passed.
    @Test func aTrickleIsTooSlowAfterOneWindow() {
        var clock = BodyClock(pace: Self.upload, startedAt: 0)
        for second in Int64(0)...29 {
            clock.received(1536, at: second)
            #expect(!clock.isTooSlow(at: second))
        }
        clock.received(1536, at: 30)
        #expect(clock.isTooSlow(at: 30))
    }

    /// Bytes spread unevenly count wherever they fall inside the window.
    @Test(arguments: [
        // (second of a 491,520-byte chunk (30 × 16 KiB), judged at, too slow?)
        (Int64(0), Int64(30), false),
        (Int64(0), Int64(31), true),
        (Int64(29), Int64(59), false),
        (Int64(29), Int64(60), true),
    ])
    func oneChunkCountsForExactlyOneWindow(at chunkSecond: Int64, judgedAt now: Int64, tooSlow: Bool) {
        var clock = BodyClock(pace: Self.upload, startedAt: 0)
        clock.received(30 * 16_384, at: chunkSecond)
        #expect(clock.isTooSlow(at: now) == tooSlow)
    }

    /// A gap longer than the ring clears every stale second.
    @Test func aLongGapForgetsOldBuckets() {
        var clock = BodyClock(pace: .minimumRate(bytesPerSecond: 10, windowSeconds: 3), startedAt: 0)
        clock.received(1000, at: 0)
        clock.received(1, at: 100)
        #expect(clock.isTooSlow(at: 100))
        clock.received(29, at: 101)
        #expect(!clock.isTooSlow(at: 101))
    }

    @Test func aPauseMovesTheClockNotTheWindow() {
        var clock = BodyClock(pace: Self.upload, startedAt: 0)
        clock.received(30 * 16_384, at: 10)
        clock.resume(pausedAt: 11, at: 1011)  // 1,000 s waiting for the application's consumer
        #expect(!clock.isTooSlow(at: 1040))  // active second 40: the chunk (second 10) is in the window
        #expect(clock.isTooSlow(at: 1041))
    }

    @Test func aDeadlineCountsActiveSecondsOnly() {
        var clock = BodyClock(pace: .within(seconds: 10), startedAt: 0)
        #expect(!clock.isTooSlow(at: 9))
        clock.resume(pausedAt: 5, at: 65)
        #expect(!clock.isTooSlow(at: 69))
        #expect(clock.isTooSlow(at: 70))
    }
}
