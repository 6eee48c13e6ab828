import Foundation

/// Numbers as the Python report printed them (`f"{x:,.1f}"`, `f"{n:,}"`): fixed decimals, commas between
/// thousands, so the tables before and after the move to Swift read alike.
enum Format {
    static func number(_ value: Double, _ decimals: Int = 1) -> String {
        guard value.isFinite else { return "nan" }
        let fixed = String(format: "%.\(decimals)f", abs(value))
        let parts = fixed.split(separator: ".", maxSplits: 1)
        var digits = String(parts[0])
        var grouped = ""
        while digits.count > 3 {
            grouped = "," + digits.suffix(3) + grouped
            digits = String(digits.dropLast(3))
        }
        grouped = digits + grouped
        return (value < 0 && fixed.contains(where: { $0 != "0" && $0 != "." }) ? "-" : "") + grouped
            + (parts.count > 1 ? "." + parts[1] : "")
    }

    static func count(_ value: Int) -> String { number(Double(value), 0) }

    static func mib(_ bytes: Double) -> String { "\(number(bytes / Double(1 << 20))) MiB" }
    static func mib(_ bytes: Int) -> String { mib(Double(bytes)) }

    /// Milliseconds with a sign (`+12 ms`).
    static func signedMilliseconds(_ seconds: Double) -> String { String(format: "%+.0f ms", seconds * 1000) }

    static func ratio(_ a: Double, _ b: Double) -> Double { b != 0 ? a / b : .nan }
}
