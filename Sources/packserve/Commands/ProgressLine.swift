import Foundation

/// A one-line progress display on standard error for long operations, redrawn in place, shown only
/// when standard error is a terminal (scripts and logs get no control characters).
final class ProgressLine: @unchecked Sendable {
    private let label: String
    private let enabled = isatty(STDERR_FILENO) == 1
    private let started = Date()
    private var drawn = false

    init(label: String) {
        self.label = label
    }

    func update(done: Int64, total: Int64) {
        guard enabled, total > 1 << 20 else { return }
        let percent = total > 0 ? done * 100 / total : 100
        let seconds = max(Date().timeIntervalSince(started), 0.001)
        let rate = Int64(Double(done) / seconds)
        let text = "\r\(label): \(percent)% (\(ByteCount.format(done)) of \(ByteCount.format(total)), \(ByteCount.format(rate))/s)"
        FileHandle.standardError.write(Data((text + "\u{1B}[K").utf8))
        drawn = true
    }

    func finish() {
        if drawn { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
