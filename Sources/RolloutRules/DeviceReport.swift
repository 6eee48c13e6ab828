import JSONText

/// The body of `POST /reports` (docs/rollouts.md "Reports"), read as untrusted input:
/// `{"channel","release","cohort","outcomes":[{"pack","sha256","result","reason"}]}`. Strict JSON (RFC 8259,
/// no duplicate keys), only these keys, at most `maxBytes` bytes, `maxOutcomes` outcomes and short strings:
/// a forged report can make counts move, never make the server hold or keep more than this.
public struct DeviceReport: Sendable, Hashable {
    public static let maxBytes = 4096
    public static let maxOutcomes = 32
    /// Longest pack id, channel name and reason taken (pack ids and channel names are shorter by their rules).
    public static let maxStringLength = 200

    public var channel: String
    public var release: Int
    /// The device's cohort, when it takes part in rollouts.
    public var cohort: Int?
    public var outcomes: [InstallOutcome]

    public init(channel: String, release: Int, cohort: Int? = nil, outcomes: [InstallOutcome]) {
        self.channel = channel
        self.release = release
        self.cohort = cohort
        self.outcomes = outcomes
    }

    /// Made per report, not kept in a `static let`: LeakSanitizer reports the boxes of a lazily made global
    /// indirect enum as leaked (DeviceReportFuzzer), and building four small dictionaries is lost in the parse.
    private static var shape: JSONShape {
        .object(
            members: [
                "channel": .string, "release": .wholeNumber, "cohort": .wholeNumber,
                "outcomes": .array(of: .object(
                    members: ["pack": .string, "sha256": .string, "result": .string, "reason": .string],
                    required: ["pack", "sha256", "result"])),
            ],
            required: ["channel", "release", "outcomes"])
    }

    /// Reads a body; the refusal is one line naming what is wrong and where.
    public init(json body: [UInt8]) throws(ReportRefusal) {
        // The deepest valid body is 4 levels: report, outcomes, outcome, value.
        let node = try StrictBody.read(body, as: Self.shape, maxBytes: Self.maxBytes, maxDepth: 4)
        func string(_ value: JSONNode?, _ name: String) throws(ReportRefusal) -> String? {
            guard let text = value?.string else { return nil }
            guard !text.isEmpty, text.utf8.count <= Self.maxStringLength else {
                throw .malformed("\(name): must be 1 to \(Self.maxStringLength) bytes")
            }
            return text
        }
        guard let channel = try string(node["channel"], "channel"), let release = node["release"]?.wholeNumber, release >= 1
        else { throw .malformed("release: must be a whole number from 1") }
        let cohort = node["cohort"]?.wholeNumber
        if let cohort, !(0...999).contains(cohort) { throw .malformed("cohort: must be 0 to 999") }
        guard case .array(let items) = node["outcomes"]?.kind, !items.isEmpty, items.count <= Self.maxOutcomes else {
            throw .malformed("outcomes: must hold 1 to \(Self.maxOutcomes) outcomes")
        }
        var outcomes: [InstallOutcome] = []
        for (index, item) in items.enumerated() {
            let at = "outcomes[\(index)]"
            guard let pack = try string(item["pack"], "\(at).pack"), let sha256 = item["sha256"]?.string,
                  sha256.utf8.count == 64, sha256.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) })
            else { throw .malformed("\(at).sha256: must be 64 lowercase hex digits") }
            guard let text = item["result"]?.string, let result = InstallOutcome.Result(rawValue: text) else {
                throw .malformed("\(at).result: must be installed or failed")
            }
            outcomes.append(InstallOutcome(
                pack: pack, sha256: sha256, result: result, reason: try string(item["reason"], "\(at).reason")))
        }
        self.init(channel: channel, release: release, cohort: cohort, outcomes: outcomes)
    }

    /// Its outcomes as counts.
    public var counts: OutcomeCounts {
        OutcomeCounts(outcomes: outcomes.count, failures: outcomes.filter { $0.result == .failed }.count)
    }
}
