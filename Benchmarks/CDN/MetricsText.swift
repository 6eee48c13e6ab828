/// Sums of Prometheus text-format samples, as scripts/bench-cdn read `/metrics`.
enum MetricsText {
    /// The sum of every sample of `name` (whatever its labels) whose line contains `label`, if given.
    static func sum(_ text: String, _ name: String, label: String? = nil) -> Double {
        var total = 0.0
        for line in text.split(separator: "\n") where line.hasPrefix(name + "{") || line.hasPrefix(name + " ") {
            if let label, !line.contains(label) { continue }
            total += Double(line.split(separator: " ").last ?? "") ?? 0
        }
        return total
    }
}
