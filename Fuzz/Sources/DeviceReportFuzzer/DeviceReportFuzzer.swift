import RolloutRules

// libFuzzer entry point for the body of `POST /reports` (docs/rollouts.md "Reports"): public and
// unauthenticated, read from any client. The same bytes are then read as a replica's forward
// (`POST /admin/reports`, `ForwardedCounts`), which the publisher takes as untrusted input too.
//
// Input: the body's bytes. Checked with `precondition`, so a violation is a crash libFuzzer reports:
// - a report taken holds 1 to 32 outcomes, names of at most 200 bytes, a release from 1, a cohort in 0 … 999
//   when given, digests of 64 lowercase hex digits, and counts as many outcomes as it holds;
// - a body over 4 KiB is refused as too large, never parsed;
// - a refusal is one short line;
// - a forward taken holds at most 500 counts, each from 1 to 10,000,000, for an hour of the range given, with a
//   channel of 1 to 200 bytes and a release from 1; one over 64 KiB is refused as too large.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let body = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        let report = try DeviceReport(json: body)
        precondition(body.count <= DeviceReport.maxBytes, "a body over the limit was taken")
        precondition((1...DeviceReport.maxOutcomes).contains(report.outcomes.count), "outcomes out of bounds")
        precondition(report.release >= 1 && (report.cohort.map { (0...999).contains($0) } ?? true), "release or cohort out of range")
        precondition(!report.channel.isEmpty && report.channel.utf8.count <= DeviceReport.maxStringLength, "channel out of bounds")
        for outcome in report.outcomes {
            precondition(outcome.pack.utf8.count <= DeviceReport.maxStringLength, "pack id out of bounds")
            precondition((outcome.reason?.utf8.count ?? 0) <= DeviceReport.maxStringLength, "reason out of bounds")
            precondition(
                outcome.sha256.utf8.count == 64 && outcome.sha256.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) },
                "a digest that is not 64 lowercase hex digits")
        }
        precondition(report.counts.outcomes == report.outcomes.count, "counts disagree with the outcomes")
    } catch {
        if body.count > DeviceReport.maxBytes { precondition(error == .tooLarge(limit: DeviceReport.maxBytes), "a large body parsed") }
        let line = error.description
        precondition(
            !line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value == 0x2028 || $0.value == 0x2029 }
                && line.count < 300,
            "a refusal that is not one short line: \(line.debugDescription)")
    }
    checkForward(body)
    return 0
}

/// The window the publisher would take at a fixed instant (hour 500,000).
private let hours = ForwardedCounts.acceptedHours(nowHour: 500_000)

private func checkForward(_ body: [UInt8]) {
    do {
        let forward = try ForwardedCounts(json: body, hours: hours)
        precondition(body.count <= ForwardedCounts.maxBytes, "a forward over the limit was taken")
        precondition(forward.counts.count <= ForwardedCounts.maxCounts, "too many counts")
        for count in forward.counts {
            precondition((1...ForwardedCounts.maxCount).contains(count.count) && hours.contains(count.hour), "count or hour out of range")
            precondition(count.release >= 1 && !count.channel.isEmpty && count.channel.utf8.count <= DeviceReport.maxStringLength,
                "channel or release out of range")
        }
        // What a replica sends is read back as it was.
        precondition((try? ForwardedCounts(json: forward.encoded(), hours: hours)) == forward, "a forward does not read back")
    } catch {
        if body.count > ForwardedCounts.maxBytes { precondition(error == .tooLarge(limit: ForwardedCounts.maxBytes), "a large forward parsed") }
        precondition(error.description.count < 300, "a refusal that is not short")
    }
}
