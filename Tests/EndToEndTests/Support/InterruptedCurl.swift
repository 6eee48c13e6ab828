import Foundation
import CDNSimulation
import Polling

/// A download cut off part-way, as a user pausing it or a phone losing its network would: curl is
/// started (rate-limited by the caller, so the cut lands inside the body) and killed with SIGKILL once
/// its output holds at least `bytes`.
enum InterruptedCurl {
    /// Returns the size of `output` after the kill.
    static func run(_ arguments: [String], output: String, killAfter bytes: Int) async throws -> Int {
        let curl = try ChildProcess(try ExternalTool.curl(), arguments + ["-o", output])
        try await Poll.until(within: .seconds(30)) { FileSize.of(output) >= bytes || !curl.isRunning }
        curl.signal(SIGKILL)
        _ = try await curl.exitStatus(within: .seconds(10))
        return FileSize.of(output)
    }
}
