import Foundation
import CDNSimulation
import Polling

/// `InterruptingProxyScript` running in front of a server, and the responses it logged.
final class InterruptingProxy {
    /// One logged response.
    struct Response: Decodable {
        let path: String
        let range: String?
        let ifRange: String?
        let status: Int
        let bodyBytes: Int
    }

    enum Mode: String {
        /// Close the connection after the limit.
        case cut
        /// Stop sending after the limit and hold the connection open.
        case stall
    }

    let port: Int
    private let child: ChildProcess

    init(port: Int, upstreamPort: Int, mode: Mode, limit: Int, count: Int = 1) async throws {
        self.port = port
        child = try ChildProcess(
            try ExternalTool.path(of: "python3"),
            [InterruptingProxyScript.script, "\(port)", "\(upstreamPort)", mode.rawValue, "\(limit)", "\(count)"])
        let child = child
        let listening = try await Poll.until(within: .seconds(10)) {
            child.stdout.text.hasPrefix("listening") || !child.isRunning
        }
        guard listening, child.isRunning else { throw EndToEndFailure("the proxy did not start: \(child.stderr.text)") }
    }

    /// Logged responses to `/blobs/…`, in order.
    var blobResponses: [Response] {
        child.stdout.lines.dropFirst().compactMap { try? JSONDecoder().decode(Response.self, from: Data($0.utf8)) }
            .filter { $0.path.hasPrefix("/blobs/") }
    }
}
