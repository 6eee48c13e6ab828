import Foundation
import Polling
import Testing
import ViewRulesModel

/// The property of `VersionRulesPropertyTests`, through the real index: 200 random sequences of the same
/// steps on a store, and after each step `DevicePathChecker` reads every channel's stored views as a device
/// would see them.
@Suite struct StoreVersionRulesPropertyTests {
    @Test func noVersionADeviceSawEverFallsInTheIndex() async throws {
        let (taken, problem) = try await OwnThread.run {
            try StoreCatalog.check(sequences: 200, steps: 16, firstSeed: 1_000_000) { try StoreCatalog() }
        }
        #expect(problem == nil, "\(problem ?? "")")
        #expect(taken > 1_600)
    }
}
