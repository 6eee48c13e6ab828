import Foundation
import Polling
import Testing
import ViewRulesModel

/// The property of `VersionRulesPropertyTests`, through the real index: random sequences of the same steps
/// on a store (50 in the suite, 200 in `scripts/test-heavy`; `ServedVersionRulesPropertyTests` runs 200
/// through this store and the server in both), and after each step `DevicePathChecker` reads every channel's
/// stored views as a device would see them.
@Suite struct StoreVersionRulesPropertyTests {
    static let sequences = HeavyTests.enabled ? 200 : 50

    @Test func noVersionADeviceSawEverFallsInTheIndex() async throws {
        let (taken, problem) = try await OwnThread.run {
            try StoreCatalog.check(sequences: Self.sequences, steps: 16, firstSeed: 1_000_000) { try StoreCatalog() }
        }
        #expect(problem == nil, "\(problem ?? "")")
        #expect(taken > Self.sequences * 8)
    }
}
