import Foundation
import Polling

/// What the kernel says about a running process: its open descriptors and resident memory, read from
/// /proc as an operator's monitoring would.
package struct ProcessProbe {
    package let pid: Int32

    package init(pid: Int32) {
        self.pid = pid
    }

    package var descriptorCount: Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? -1
    }

    /// Where each descriptor points (`/path/file`, `/path/file (deleted)`, `socket:[…]`).
    package var descriptorTargets: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
        return names.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)") }
    }

    /// VmRSS in KiB.
    package var residentKiB: Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(whereSeparator: \.isWhitespace).dropFirst().first ?? "") ?? -1
    }

    /// Polls until `condition` holds or `timeout` passes; returns whether it held.
    package func await(within timeout: Duration, _ condition: (ProcessProbe) -> Bool) async throws -> Bool {
        try await Poll.until(within: timeout, every: .milliseconds(50)) { condition(self) }
    }
}
