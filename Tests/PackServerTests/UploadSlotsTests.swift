@testable import PackServer
import Synchronization
import Testing

/// `limits.maxUploads` and `limits.maxUploadsPerToken` (docs/api.md "Admin API").
@Suite struct UploadSlotsTests {
    /// The fourth upload is admitted and the fifth is not (the old counter admitted five).
    @Test func exactlyMaxUploadsRunAtOnce() {
        let slots = UploadSlots(maxUploads: 4, maxPerToken: 2)
        for _ in 0..<4 { #expect(slots.reserve()) }
        #expect(!slots.reserve())
        slots.release()
        #expect(slots.reserve())
        #expect(slots.current.running == 4)
    }

    @Test func oneTokenHoldsAtMostItsShare() {
        let slots = UploadSlots(maxUploads: 4, maxPerToken: 2)
        #expect(slots.reserve(token: "ci") == .granted)
        #expect(slots.reserve(token: "ci") == .granted)
        #expect(slots.reserve(token: "ci") == .tokenFull)
        #expect(slots.reserve(token: "other") == .granted)
        slots.release(token: "ci")
        #expect(slots.reserve(token: "ci") == .granted)
        slots.release(token: "ci")
        slots.release(token: "ci")
        slots.release(token: "other")
        #expect(slots.current == UploadSlots.Counts(), "a token with no upload is not remembered")
    }

    /// Found by scripts/stress: campers ended with 408 reconnected at once and took the freed slots back
    /// from a client that honoured Retry-After. A token ended for slowness waits out a window first.
    @Test func aTokenEndedForSlownessWaitsBeforeItsNextUpload() {
        let now = Mutex(100.0)
        let slots = UploadSlots(maxUploads: 4, maxPerToken: 2, cooldownSeconds: 30) { now.withLock { $0 } }
        #expect(slots.reserve(token: "camper") == .granted)
        slots.release(token: "camper", endedTooSlow: true)
        #expect(slots.reserve(token: "camper") == .coolingDown(seconds: 30))
        #expect(slots.reserve(token: "other") == .granted, "other tokens are not held back")
        now.withLock { $0 = 129.5 }
        #expect(slots.reserve(token: "camper") == .coolingDown(seconds: 1))
        now.withLock { $0 = 130 }
        #expect(slots.reserve(token: "camper") == .granted)
        #expect(slots.current.coolingUntil.isEmpty)
    }
}
