import ReleaseViews
import Testing
import ViewRulesModel

/// The cohort rule of staged rollouts, as properties over seeded random rollouts (docs/rollouts.md "Cohorts").
@Suite struct RolloutCohortsTests {
    @Test func exactlyTenTimesPercentOfTheThousandCohortsAreAdmitted() throws {
        var random = SplitMix64(seed: 0xC0_4017)
        for tenths in 1...1000 {
            let offset = Int.random(in: 0..<1000, using: &random)
            let cohorts = RolloutCohorts(offset: offset, percent: try #require(RolloutPercent(tenths: tenths)))
            #expect(cohorts.admitted.count == tenths, "\(tenths) tenths, offset \(offset)")
            #expect(cohorts.admits(cohorts.firstCohort))
        }
    }

    @Test func raisingThePercentNeverRemovesACohort() throws {
        var random = SplitMix64(seed: 0x5EED_0036)
        for _ in 0..<500 {
            let offset = Int.random(in: 0..<1000, using: &random)
            let low = Int.random(in: 1...1000, using: &random)
            let high = Int.random(in: low...1000, using: &random)
            let before = RolloutCohorts(offset: offset, percent: try #require(RolloutPercent(tenths: low)))
            let after = RolloutCohorts(offset: offset, percent: try #require(RolloutPercent(tenths: high)))
            #expect(Set(before.admitted).isSubset(of: Set(after.admitted)), "offset \(offset): \(low) → \(high)")
        }
    }

    @Test func consecutiveRolloutsNeverShareTheirFirstCohort() throws {
        var random = SplitMix64(seed: 0xF1257)
        var previous: Int?
        var offsets = Set<Int>()
        for _ in 0..<10_000 {
            let offset = RolloutCohorts.offset(seed: random.next(), previous: previous)
            #expect((0..<1000).contains(offset))
            if let previous {
                let percent = try #require(RolloutPercent(tenths: 1))
                #expect(
                    RolloutCohorts(offset: offset, percent: percent).firstCohort
                        != RolloutCohorts(offset: previous, percent: percent).firstCohort)
            }
            offsets.insert(offset)
            previous = offset
        }
        // Spread over the cohorts, not stuck on a few: 10,000 draws reach nearly all 1,000.
        #expect(offsets.count > 990)
    }

    @Test(arguments: [("5", 50), ("0.1", 1), ("12.5", 125), ("100", 1000), ("100.0", 1000), ("07", 70)])
    func percentsAreTenths(_ text: String, _ tenths: Int) throws {
        #expect(try RolloutPercent(parsing: text).tenths == tenths)
    }

    @Test(arguments: ["0", "0.0", "100.1", "101", "1.25", "-1", "5%", "", ".5", "5.", "1e2", " 5", "1000"])
    func whatIsNotAPercentIsRefusedWithOneLine(_ text: String) {
        #expect(throws: RolloutError.invalidPercent(text)) { try RolloutPercent(parsing: text) }
    }

    @Test func percentsPrintAsTheyAreWritten() throws {
        #expect(try RolloutPercent(parsing: "12.5").description == "12.5")
        #expect(try RolloutPercent(parsing: "100.0").description == "100")
        #expect(try RolloutPercent(parsing: "0.1").value == 0.1)
    }
}
