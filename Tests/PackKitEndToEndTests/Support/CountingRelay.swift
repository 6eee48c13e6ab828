import CDNSimulation
import Foundation
import Polling

/// `Scripts/counting_relay.py` between PackKit and a server: counts every byte the server sends (so a
/// SIGKILL of the server, which truncates its own log, loses no count) and pauses or resets the transfer
/// at given totals.
final class CountingRelay {
    enum Action {
        /// Stop forwarding once the server has sent this many bytes, until `resume()`.
        case pause(at: Int)
        /// Reset the client's connection (RST) once the server has sent this many bytes.
        case reset(at: Int)

        var argument: String {
            switch self {
            case .pause(let bytes): "pause@\(bytes)"
            case .reset(let bytes): "reset@\(bytes)"
            }
        }
    }

    let port: Int
    private let child: ChildProcess

    init(port: Int, upstreamPort: Int, actions: [Action]) async throws {
        self.port = port
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Scripts/counting_relay.py").path
        child = try ChildProcess(
            try ExternalTool.path(of: "python3"), [script, "\(port)", "\(upstreamPort)"] + actions.map(\.argument))
        let child = child
        let listening = try await Poll.until(within: .seconds(10)) { child.stdout.text.hasPrefix("listening") || !child.isRunning }
        guard listening, child.isRunning else { throw EndToEndFailure("the relay did not start: \(child.stderr.text)") }
    }

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Waits until the relay has paused `count` times in all; the server's byte total at the last pause.
    @discardableResult
    func awaitPause(_ count: Int, within timeout: Duration = .seconds(120)) async throws -> Int {
        let child = child
        guard try await Poll.until(within: timeout, { child.stdout.lines.filter { $0.hasPrefix("paused ") }.count >= count })
        else { throw EndToEndFailure("the relay did not pause \(count) times: \(child.stdout.text)\(child.stderr.text)") }
        return total(of: child.stdout.lines.filter { $0.hasPrefix("paused ") }[count - 1])
    }

    func resume() { child.signal(SIGUSR1) }

    /// Server byte totals at which a connection was reset.
    var resets: [Int] { child.stdout.lines.filter { $0.hasPrefix("reset ") }.map(total(of:)) }

    /// Every byte the server has sent through the relay so far.
    func bytesFromServer() async throws -> Int {
        try await count().bytes
    }

    /// The count once no connection is relayed any more: after a client is killed, its connections end
    /// when the relay next reads or writes them, and the bytes in flight until then count too.
    func bytesFromServerWhenIdle(within timeout: Duration = .seconds(30)) async throws -> Int {
        var last = (bytes: 0, open: -1)
        guard try await Poll.until(within: timeout, { last = try await count(); return last.open == 0 })
        else { throw EndToEndFailure("the relay still had \(last.open) connections open") }
        return last.bytes
    }

    private func count() async throws -> (bytes: Int, open: Int) {
        let before = child.stdout.lines.count
        child.signal(SIGUSR2)
        let child = child
        var answer: [Substring] = []
        guard try await Poll.until(within: .seconds(10), {
            answer = child.stdout.lines.dropFirst(before).first { $0.hasPrefix("bytes ") }?.split(separator: " ") ?? []
            return answer.count == 3
        }) else { throw EndToEndFailure("the relay did not report its count: \(child.stderr.text)") }
        return (Int(answer[1]) ?? -1, Int(answer[2]) ?? -1)
    }

    private func total(of line: String) -> Int {
        Int(line.split(separator: " ").last ?? "") ?? -1
    }
}
