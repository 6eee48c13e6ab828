import RolloutRules
import Testing

/// A replica's forward (docs/rollouts.md "Replicas"): what a replica writes reads back, and the publisher's
/// bounds hold.
@Suite struct ForwardedCountsTests {
    let hours = ForwardedCounts.acceptedHours(nowHour: 1_000)

    @Test func whatAReplicaSendsReadsBack() throws {
        let forward = ForwardedCounts(counts: [
            ReportCountDelta(channel: "production", release: 3, result: .failed, hour: 1_000, count: 7),
            ReportCountDelta(channel: "be\"ta", release: 4, result: .installed, hour: 976, count: 10_000_000),
        ])
        #expect(try ForwardedCounts(json: forward.encoded(), hours: hours) == forward)
        #expect(try ForwardedCounts(json: Array(#"{"counts":[]}"#.utf8), hours: hours).counts.isEmpty)
        #expect(hours == 976...1_001, "the last day, and the next hour for a clock ahead")
    }

    @Test(arguments: [
        (#"{"counts":[{"channel":"c","release":1,"result":"failed","hour":975,"count":1}]}"#, "hour: must be from 976 to 1001"),
        (#"{"counts":[{"channel":"c","release":1,"result":"failed","hour":1000,"count":10000001}]}"#, "count: must be 1 to 10000000"),
        (#"{"counts":[{"channel":"c","release":0,"result":"failed","hour":1000,"count":1}]}"#, "release: must be from 1"),
        (#"{"counts":[{"channel":"","release":1,"result":"failed","hour":1000,"count":1}]}"#, "channel: must be 1 to 200 bytes"),
        (#"{"counts":[{"channel":"c","release":1,"result":"lost","hour":1000,"count":1}]}"#, "result: must be installed or failed"),
        (#"{"counts":[{"channel":"c","release":1,"result":"failed","hour":1000}]}"#, "missing key"),
        (#"{"counts":[],"replica":"x"}"#, "unknown key"),
    ])
    func outOfBoundsIsRefused(body: String, problem: String) {
        #expect {
            try ForwardedCounts(json: Array(body.utf8), hours: hours)
        } throws: { error in
            "\(error)".contains(problem)
        }
    }

    @Test func sizeAndCountAreBounded() {
        let count = #"{"channel":"c","release":1,"result":"failed","hour":1000,"count":1}"#
        let many = #"{"counts":["# + Array(repeating: count, count: ForwardedCounts.maxCounts + 1).joined(separator: ",") + "]}"
        #expect(throws: ReportRefusal.malformed("counts: must hold at most 500 counts")) {
            try ForwardedCounts(json: Array(many.utf8), hours: hours)
        }
        #expect(throws: ReportRefusal.tooLarge(limit: ForwardedCounts.maxBytes)) {
            try ForwardedCounts(json: [UInt8](repeating: 0x20, count: ForwardedCounts.maxBytes + 1), hours: hours)
        }
    }
}
