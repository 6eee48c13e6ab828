import Foundation
import CDNSimulation

/// One request sent as a proxy would send it, by Python over a raw socket: a PROXY protocol header (v1
/// text or v2 binary) naming `client`, then (over TLS when `caFile` is given, the handshake after the header)
/// `GET path`. Prints the response's status line, or `NO ANSWER` when the server closed without one.
struct ProxiedRequestScript {
    enum Header: String { case version1 = "1", version2 = "2", none = "0" }

    var port: Int
    var header: Header
    var client = "203.0.113.7"
    var clientPort = 56324
    var path = "/healthz"
    var caFile: String?

    static let script = PythonScripts.path(of: "proxied_request.py")

    /// The status line, or `NO ANSWER`.
    func run() async throws -> String {
        var arguments: [String: Any] = ["port": port, "header": header.rawValue, "client": client, "clientPort": clientPort, "path": path]
        if let caFile { arguments["caFile"] = caFile }
        let json = String(decoding: try JSONSerialization.data(withJSONObject: arguments), as: UTF8.self)
        let run = try await ChildProcess.run(try ExternalTool.path(of: "python3"), [Self.script, json])
        return run.stdout.text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
