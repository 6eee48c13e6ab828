import ReleaseViews

/// Something that runs `CatalogStep`s and shows each view as a device reads it (the index, the server): what
/// `SteppedCatalog.check` drives through random sequences.
public protocol SteppedCatalog: CatalogState {
    /// Runs `step`; false when it was refused.
    func apply(_ step: CatalogStep) throws -> Bool
    /// Takes up what the step changed, before anything is observed.
    func refresh() throws
    func observe(_ channel: ChannelName, build: AppBuild?) -> CatalogModel.Observation?
    func mapped(_ build: AppBuild) -> CatalogModel.Observation?
}

extension SteppedCatalog {
    /// Runs `sequences` random sequences of `steps` steps (seeds `firstSeed`, `firstSeed + 1`, …), each on a
    /// fresh catalog from `make`, and checks every device path after every step (`DevicePathChecker`).
    /// Returns how many steps were taken (not refused), and the first problem with the steps that led to it.
    public static func check(
        sequences: Int, steps: Int, firstSeed: UInt64, make: () throws -> Self
    ) throws -> (taken: Int, problem: String?) {
        var taken = 0
        for seed in firstSeed..<(firstSeed + UInt64(sequences)) {
            let catalog = try make()
            var generator = CatalogStepGenerator(seed: seed)
            var checker = DevicePathChecker(probes: CatalogStepGenerator.probes)
            var trail: [CatalogStep] = []
            for _ in 0..<steps {
                let step = generator.next(for: catalog)
                trail.append(step)
                if try catalog.apply(step) { taken += 1 }
                try catalog.refresh()
                if let problem = checker.check(
                    channels: catalog.channelNames, observe: catalog.observe, mapped: catalog.mapped)
                {
                    return (taken, "seed \(seed): \(problem) after:\n" + trail.map { "  \($0)" }.joined(separator: "\n"))
                }
            }
        }
        return (taken, nil)
    }
}
