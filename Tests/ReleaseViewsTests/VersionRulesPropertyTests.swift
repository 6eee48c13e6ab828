import Polling
import ReleaseViews
import Testing
import ViewRulesModel

/// The rule under everything (docs/channels.md "Versions never fall"), as a property: 10,000 random sequences
/// of publishes (with and without build ranges), promotes, rollbacks, channel creations and removals, build
/// remaps and renewals, run on the pure model of the rules; after every step `DevicePathChecker` looks at
/// every channel and build a device could read, and at every build through the build map.
@Suite struct VersionRulesPropertyTests {
    static let sequences = 10_000
    static let steps = 24

    @Test func noVersionADeviceSawEverFalls() async throws {
        let (taken, refused, raised, problem) = try await OwnThread.run(Self.runSequences)
        #expect(problem == nil, "\(problem ?? "")")
        // The generator must exercise the rules, not only be refused: most steps are taken, and late hotfixes
        // (the views the build rule raises) happen.
        #expect(taken > refused)
        #expect(raised > 100)
    }

    /// Steps taken and refused, views raised, and the first problem with the steps that led to it.
    @Sendable private static func runSequences() -> (taken: Int, refused: Int, raised: Int, problem: String?) {
        var taken = 0
        var refused = 0
        var raised = 0
        for seed in 0..<UInt64(Self.sequences) {
            var generator = CatalogStepGenerator(seed: seed)
            var model = CatalogModel()
            var checker = DevicePathChecker(probes: CatalogStepGenerator.probes)
            var steps: [CatalogStep] = []
            for _ in 0..<Self.steps {
                let step = generator.next(for: model)
                steps.append(step)
                if step.apply(to: &model) == nil { taken += 1 } else { refused += 1 }
                let problem = checker.check(
                    channels: model.channelNames, observe: { model.observe($0, build: $1) },
                    mapped: { model.mappedObservation($0) })
                if let problem {
                    let trail = steps.map { "  \($0)" }.joined(separator: "\n")
                    return (taken, refused, raised, "seed \(seed): \(problem) after:\n\(trail)")
                }
            }
            raised += model.raisedViews
        }
        return (taken, refused, raised, nil)
    }

    /// Every remap that would show a build's devices a lower Apple version than they saw through the map is
    /// refused, and remaps are not simply all refused.
    @Test func remapsThatWouldLowerAVersionAreRefused() async throws {
        let (taken, refusedForFalls, unrefused) = try await OwnThread.run(Self.runRemaps)
        #expect(unrefused.isEmpty, "remaps that lowered a version were taken: \(unrefused.prefix(5))")
        #expect(refusedForFalls > 10)
        #expect(taken > 1_000)
    }

    /// Remaps taken, remaps refused because a version would fall, and the remaps that lowered one but were
    /// not refused for it.
    @Sendable private static func runRemaps() -> (taken: Int, refusedForFalls: Int, unrefused: [String]) {
        var taken = 0
        var refusedForFalls = 0
        var unrefused: [String] = []
        for seed in 0..<UInt64(2_000) {
            var generator = CatalogStepGenerator(seed: seed)
            var model = CatalogModel()
            var seen: [AppBuild: [String: Int]] = [:]
            for _ in 0..<Self.steps {
                let step = generator.next(for: model)
                if case .map(let build, let channel) = step, let after = model.observe(channel, build: build) {
                    let falls = after.apple.contains { id, apple in apple.version < seen[build]?[id] ?? 0 }
                    let refusal = step.apply(to: &model)
                    if falls && refusal != .appleVersionWouldFall { unrefused.append("seed \(seed): \(step)") }
                    if refusal == .appleVersionWouldFall { refusedForFalls += 1 }
                    if refusal == nil { taken += 1 }
                } else {
                    _ = step.apply(to: &model)
                }
                for build in CatalogStepGenerator.probes.compactMap({ $0 }) {
                    for (id, apple) in model.mappedObservation(build)?.apple ?? [:] {
                        seen[build, default: [:]][id] = max(seen[build]?[id] ?? 0, apple.version)
                    }
                }
            }
        }
        return (taken, refusedForFalls, unrefused)
    }
}
