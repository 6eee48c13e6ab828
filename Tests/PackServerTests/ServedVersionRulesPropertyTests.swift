import Foundation
import Polling
import Testing
import ViewRulesModel

/// Issue 34, "Done means" 2, through the server: 200 random sequences (`scripts/test-heavy`; 80 in the suite,
/// where each step signs, commits and reloads in a debug build: 100 s of CPU for 200) of publishes (with and
/// without build ranges), promotes, rollbacks, channel changes, remaps and renewals, signed by the server's
/// signer and taken up by its release watcher; after every step `DevicePathChecker` reads every channel and build through the
/// routes (`/channels/C/builds/B/…`, `/builds/B/…`) and checks that no manifest version and no Apple version a
/// device could have seen falls, and that one Apple version never names two contents.
@Suite struct ServedVersionRulesPropertyTests {
    static let sequences = HeavyTests.enabled ? 200 : 80

    @Test func noVersionADeviceSawEverFallsInWhatTheServerAnswers() async throws {
        let (taken, problem) = try await OwnThread.run {
            try ServedCatalogProbe.check(sequences: Self.sequences, steps: 16, firstSeed: 2_000_000) { try ServedCatalogProbe() }
        }
        #expect(problem == nil, "\(problem ?? "")")
        #expect(taken > Self.sequences * 8, "most steps are taken, not refused")
    }
}
