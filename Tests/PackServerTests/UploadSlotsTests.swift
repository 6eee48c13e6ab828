@testable import PackServer
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
        #expect(slots.reserve(token: "ci"))
        #expect(slots.reserve(token: "ci"))
        #expect(!slots.reserve(token: "ci"))
        #expect(slots.reserve(token: "other"))
        slots.release(token: "ci")
        #expect(slots.reserve(token: "ci"))
        slots.release(token: "ci")
        slots.release(token: "ci")
        slots.release(token: "other")
        #expect(slots.current == UploadSlots.Counts(), "a token with no upload is not remembered")
    }
}
