import Foundation
import PackStore
import ReleaseViews
import Testing
import ViewRulesModel

/// The property of `VersionRulesPropertyTests`, through the real index: 200 random sequences of the same
/// steps on a store, and after each step `DevicePathChecker` reads every channel's stored views as a device
/// would see them.
@Suite struct StoreVersionRulesPropertyTests {
    @Test func noVersionADeviceSawEverFallsInTheIndex() throws {
        var taken = 0
        for seed in 0..<UInt64(200) {
            let catalog = try StoreCatalog()
            var generator = CatalogStepGenerator(seed: 1_000_000 + seed)
            var checker = DevicePathChecker(probes: CatalogStepGenerator.probes)
            var steps: [CatalogStep] = []
            for _ in 0..<16 {
                let step = generator.next(for: catalog)
                steps.append(step)
                if try catalog.apply(step) { taken += 1 }
                try catalog.refresh()
                if let problem = checker.check(
                    channels: catalog.channelNames, observe: catalog.observe, mapped: catalog.mapped)
                {
                    let trail = steps.map { "  \($0)" }.joined(separator: "\n")
                    Issue.record("seed \(seed): \(problem) after:\n\(trail)")
                    return
                }
            }
        }
        #expect(taken > 1_600)
    }
}
