import Testing

@testable import PackServer

/// What a replica does with the newest pointer it read (docs/object-storage.md "Replicas").
@Suite struct PointerDecisionTests {
    @Test func aReplicaNeverGoesBackAndTakesReleasesInOrder() {
        // Nothing served yet: the first pointer is prepared.
        #expect(PointerDecision.decide(pointer: 3, served: nil, upcoming: nil, refused: nil) == .prepare)
        #expect(PointerDecision.decide(pointer: 4, served: 3, upcoming: nil, refused: nil) == .prepare)
        // Lower than what is live: ignored.
        #expect(PointerDecision.decide(pointer: 2, served: 3, upcoming: nil, refused: nil) == .ignoreLower(served: 3))
        // Live already, or waiting for its instant already.
        #expect(PointerDecision.decide(pointer: 3, served: 3, upcoming: nil, refused: nil) == .nothing)
        #expect(PointerDecision.decide(pointer: 4, served: 3, upcoming: 4, refused: nil) == .nothing)
        // A newer one waits until the scheduled one went live.
        #expect(PointerDecision.decide(pointer: 5, served: 3, upcoming: 4, refused: nil) == .waitForUpcoming)
        // Refused once as too large: not tried again; a newer pointer is.
        #expect(PointerDecision.decide(pointer: 4, served: 3, upcoming: nil, refused: 4) == .refused)
        #expect(PointerDecision.decide(pointer: 5, served: 3, upcoming: nil, refused: 4) == .prepare)
    }
}
