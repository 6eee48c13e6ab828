import Foundation
import Polling

/// A child process with its standard output and error collected. Waiting polls (`Poll`), so
/// a test never blocks a thread of Swift's small cooperative pool on a process. Killed on release, so
/// a failing test leaves no server or download running.
package final class ChildProcess {
    package let process = Process()
    package let stdout: OutputCollector
    package let stderr: OutputCollector
    package let commandLine: String

    package init(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
         directory: String? = nil) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        commandLine = ([executable] + arguments).joined(separator: " ")
        try process.run()
        stdout = OutputCollector(reading: out.fileHandleForReading)
        stderr = OutputCollector(reading: err.fileHandleForReading)
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    package var isRunning: Bool { process.isRunning }

    package func signal(_ signal: Int32) {
        if process.isRunning { kill(process.processIdentifier, signal) }
    }

    /// The exit status, or nil if the process was still running after `timeout` (it is then killed).
    /// Also waits (briefly) for the output pipes to reach end of file, so the output is complete.
    package func exitStatus(within timeout: Duration) async throws -> Int32? {
        guard try await Poll.until(within: timeout, { !process.isRunning }) else {
            signal(SIGKILL)
            return nil
        }
        try await Poll.until(within: .seconds(2), every: .milliseconds(10)) { stdout.isFinished && stderr.isFinished }
        return process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
    }

    /// Runs a tool to completion; throws with its output if it fails or takes longer than `timeout`.
    @discardableResult
    package static func run(_ executable: String, _ arguments: [String], timeout: Duration = .seconds(60)) async throws -> ChildProcess {
        let child = try ChildProcess(executable, arguments)
        let status = try await child.exitStatus(within: timeout)
        guard status == 0 else {
            throw EndToEndFailure("`\(child.commandLine)` \(status.map { "exited with \($0)" } ?? "timed out"): \(child.stderr.text)\(child.stdout.text)")
        }
        return child
    }
}
