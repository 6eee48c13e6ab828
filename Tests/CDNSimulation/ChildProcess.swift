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
        if isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    package var isRunning: Bool { process.isRunning && exitedStatus() == nil }

    /// The status of a child that has exited though Foundation has not noticed yet, peeked from the kernel
    /// without reaping it (`waitid` with WNOWAIT: Foundation still reaps it); nil while it runs. Foundation
    /// learns of an exit when a socket it handed the child closes, and a process another test spawned at the
    /// same instant can inherit that socket and hold it open (swift-corelibs-foundation issue 4795): a full run
    /// saw a curl that had printed its status look alive for 60 s.
    private func exitedStatus() -> Int32? {
        var info = siginfo_t()
        guard waitid(P_PID, id_t(process.processIdentifier), &info, WEXITED | WNOHANG | WNOWAIT) == 0 else { return nil }
        let child = info._sifields._sigchld
        guard child.si_pid == process.processIdentifier else { return nil }
        return info.si_code == CLD_EXITED ? child.si_status : 128 + child.si_status
    }

    package func signal(_ signal: Int32) {
        if process.isRunning { kill(process.processIdentifier, signal) }
    }

    /// The exit status, or nil if the process was still running after `timeout` (it is then killed).
    /// Also waits (briefly) for the output pipes to reach end of file, so the output is complete.
    package func exitStatus(within timeout: Duration) async throws -> Int32? {
        guard try await Poll.until(within: timeout, { !isRunning }) else {
            signal(SIGKILL)
            return nil
        }
        try await Poll.until(within: .seconds(2), every: .milliseconds(10)) { stdout.isFinished && stderr.isFinished }
        if process.isRunning, let status = exitedStatus() { return status }
        // Reaped by Foundation between the two looks: its state follows within moments.
        try await Poll.until(within: .seconds(2), every: .milliseconds(10)) { !process.isRunning }
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
