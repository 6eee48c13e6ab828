import Foundation

/// Progress lines on standard error (standard output is the report), as scripts/bench-cdn printed them.
enum BenchLog {
    static func line(_ message: String) {
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm:ss"
        let time = formatter.string(from: Date())
        FileHandle.standardError.write(Data("[bench-cdn \(time)] \(message)\n".utf8))
    }

    /// The 1, 5 and 15 minute load averages.
    static var loadAverage: [Double] {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
        return text.split(separator: " ").prefix(3).compactMap { Double($0) }
    }
}
