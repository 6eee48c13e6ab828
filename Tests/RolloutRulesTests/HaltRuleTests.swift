import RolloutRules
import Testing

/// The automatic halt, to the formula (docs/rollouts.md "Automatic halt"), with the default thresholds
/// (100 outcomes, 5 %, 2 points over the control). The z values were computed by hand (and checked with
/// Python's math module): z = (p_c − p_k − 0.02) / sqrt(p_c(1−p_c)/n_c + p_k(1−p_k)/n_k).
@Suite struct HaltRuleTests {
    let thresholds = HaltThresholds()

    func decide(_ candidate: (Int, Int), _ control: (Int, Int)) -> HaltDecision {
        HaltRule.decide(
            candidate: OutcomeCounts(outcomes: candidate.0, failures: candidate.1),
            control: OutcomeCounts(outcomes: control.0, failures: control.1), thresholds: thresholds)
    }

    @Test func tooFewCandidateOutcomesNeverHalt() {
        #expect(decide((99, 99), (1000, 0)) == .keepGoing)
        #expect(decide((0, 0), (0, 0)) == .keepGoing)
    }

    @Test func aFailureRateAboveTheLimitHaltsWhateverTheControl() {
        #expect(decide((100, 8), (1000, 10)) == .failureRate(0.08))
        // The control has too few outcomes to compare with: only the absolute rule applies, and does.
        #expect(decide((200, 11), (50, 0)) == .failureRate(0.055))
        #expect(decide((100, 5), (0, 0)) == .keepGoing, "5 % is not above 5 %")
    }

    @Test func theControlComparisonHaltsOnlyPastTheCriticalZ() {
        // 4 % against 1 %, 3,000 each: z = 0.01 / sqrt(0.04·0.96/3000 + 0.01·0.99/3000) = 2.4922.
        guard case .worseThanControl(let z) = decide((3000, 120), (3000, 30)) else {
            Issue.record("4 % against 1 % over 3,000 outcomes each halts")
            return
        }
        #expect(abs(z - 2.4922) < 0.0001)
        // The same rates over 2,000 each: z = 2.0349, not enough evidence yet.
        #expect(decide((2000, 80), (2000, 20)) == .keepGoing)
        // 5 % against 1 % over 100 and 1,000: z = 0.9082.
        #expect(decide((100, 5), (1000, 10)) == .keepGoing)
        // 4.5 % against 1 % over 1,000 each: z = 2.0628.
        #expect(decide((1000, 45), (1000, 10)) == .keepGoing)
        guard case .worseThanControl(let far) = decide((5000, 200), (5000, 50)) else {
            Issue.record("4 % against 1 % over 5,000 each halts")
            return
        }
        #expect(abs(far - 3.2174) < 0.0001)
    }

    @Test func theControlComparisonNeedsEnoughControlOutcomes() {
        // z would be far above 2.326 with 99 control outcomes at 0 %, but 99 is under minReports.
        #expect(decide((3000, 120), (99, 0)) == .keepGoing)
    }

    @Test func equalRatesNeverHalt() {
        #expect(decide((10_000, 100), (10_000, 100)) == .keepGoing)
        #expect(decide((100, 0), (100, 0)) == .keepGoing, "no spread at all")
    }

    @Test func reasonsNameTheRule() {
        #expect(HaltDecision.failureRate(0.1).reason == "failure-rate")
        #expect(HaltDecision.worseThanControl(z: 3).reason == "control")
        #expect(HaltDecision.keepGoing.reason == nil)
    }
}

/// The body of `POST /reports`, read as untrusted input (docs/rollouts.md "Reports").
@Suite struct DeviceReportTests {
    @Test func aRefusalQuotingALongKeyIsOneShortLine() {
        // Found by DeviceReportFuzzer: the strict reader quotes an unknown key whole, six bytes per DEL.
        let body = Array(#"{"c"#.utf8) + Array(repeating: 0x7F, count: 600) + Array(#"":1}"#.utf8)
        do {
            _ = try DeviceReport(json: body)
            Issue.record("an unknown key was taken")
        } catch {
            #expect(error.description.count <= 201 && !error.description.contains("\n"), "\(error.description.count)")
        }
    }
}
