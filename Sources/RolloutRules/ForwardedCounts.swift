import JSONText

/// The body of `POST /admin/reports` (docs/rollouts.md "Replicas"): the outcome counts a replica took since
/// its last forward, `{"counts":[{"channel","release","result","hour","count"}]}`. The publisher reads it as
/// untrusted input even behind a `reports` token — strict JSON, only these keys, bounded sizes — since whoever
/// holds the token can move counts, and nothing more than counts.
public struct ForwardedCounts: Sendable, Hashable {
    /// What one forward may carry (within the admin API's default body limit, 64 KiB): a replica sends a
    /// minute's counts in as many forwards as it needs, though one nearly always holds them (a count is per
    /// channel, release, result and hour, never per device).
    public static let maxBytes = 65_536
    public static let maxCounts = 500
    /// No single counter grows by more in one forward: a replica's own per-network caps admit far less.
    public static let maxCount = 10_000_000

    public var counts: [ReportCountDelta]

    /// The hours a forward may count for at `nowHour` (Unix seconds / 3600): the last day, and the next hour
    /// for a replica whose clock runs ahead. A replica keeps only these, so one long outage of the publisher
    /// never makes every later forward refused.
    public static func acceptedHours(nowHour: Int64) -> ClosedRange<Int64> { (nowHour - 24)...(nowHour + 1) }

    public init(counts: [ReportCountDelta]) {
        self.counts = counts
    }

    /// Built per read, as `DeviceReport.shape` is.
    private static var shape: JSONShape {
        .object(
            members: [
                "counts": .array(of: .object(
                    members: ["channel": .string, "release": .wholeNumber, "result": .string, "hour": .wholeNumber, "count": .wholeNumber],
                    required: ["channel", "release", "result", "hour", "count"]))
            ],
            required: ["counts"])
    }

    /// Reads a body; the refusal is one line naming what is wrong and where.
    /// - Parameter hours: the hours a count may be for (the publisher's recent past): a count for any other
    ///   hour is refused, so a forward cannot fill the index with made-up history.
    public init(json body: [UInt8], hours: ClosedRange<Int64>) throws(ReportRefusal) {
        // Forward, counts, count, value.
        let node = try StrictBody.read(body, as: Self.shape, maxBytes: Self.maxBytes, maxDepth: 4)
        guard case .array(let items) = node["counts"]?.kind, items.count <= Self.maxCounts else {
            throw .malformed("counts: must hold at most \(Self.maxCounts) counts")
        }
        var counts: [ReportCountDelta] = []
        for (index, item) in items.enumerated() {
            let at = "counts[\(index)]"
            guard let channel = item["channel"]?.string, !channel.isEmpty, channel.utf8.count <= DeviceReport.maxStringLength else {
                throw .malformed("\(at).channel: must be 1 to \(DeviceReport.maxStringLength) bytes")
            }
            guard let release = item["release"]?.wholeNumber, release >= 1 else { throw .malformed("\(at).release: must be from 1") }
            guard let text = item["result"]?.string, let result = InstallOutcome.Result(rawValue: text) else {
                throw .malformed("\(at).result: must be installed or failed")
            }
            guard let hour = item["hour"]?.wholeNumber.map(Int64.init), hours.contains(hour) else {
                throw .malformed("\(at).hour: must be from \(hours.lowerBound) to \(hours.upperBound)")
            }
            guard let count = item["count"]?.wholeNumber, (1...Self.maxCount).contains(count) else {
                throw .malformed("\(at).count: must be 1 to \(Self.maxCount)")
            }
            counts.append(ReportCountDelta(channel: channel, release: release, result: result, hour: hour, count: count))
        }
        self.init(counts: counts)
    }

    /// The body a replica sends.
    public func encoded() -> [UInt8] {
        var bytes = Array(#"{"counts":["#.utf8)
        for (index, count) in counts.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes += Array(#"{"channel":"#.utf8)
            JSONText.appendString(count.channel, to: &bytes)
            bytes += Array(#","release":\#(count.release),"result":"\#(count.result.rawValue)","hour":\#(count.hour),"count":\#(count.count)}"#.utf8)
        }
        bytes += Array("]}".utf8)
        return bytes
    }
}
