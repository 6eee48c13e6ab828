import Foundation

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

    static let source = """
        import json, socket, ssl, struct, sys
        a = json.loads(sys.argv[1])
        s = socket.create_connection(("127.0.0.1", a["port"]), timeout=10)
        six = ":" in a["client"]
        if a["header"] == "1":
            s.sendall(("PROXY %s %s %s %d %d\\r\\n" % ("TCP6" if six else "TCP4", a["client"], "::1" if six else "127.0.0.1",
                                                       a["clientPort"], a["port"])).encode())
        elif a["header"] == "2":
            family = socket.AF_INET6 if six else socket.AF_INET
            addresses = socket.inet_pton(family, a["client"]) + socket.inet_pton(family, "::1" if six else "127.0.0.1")
            body = addresses + struct.pack(">HH", a["clientPort"], a["port"])
            s.sendall(b"\\r\\n\\r\\n\\x00\\r\\nQUIT\\n" + bytes([0x21, 0x21 if six else 0x11]) + struct.pack(">H", len(body)) + body)
        try:
            if a.get("caFile"):
                context = ssl.create_default_context(cafile=a["caFile"])
                context.set_alpn_protocols(["http/1.1"])
                s = context.wrap_socket(s, server_hostname="localhost")
            s.sendall(("GET %s HTTP/1.1\\r\\nHost: localhost\\r\\nConnection: close\\r\\n\\r\\n" % a["path"]).encode())
            data = b""
            while True:
                chunk = s.recv(65536)
                if not chunk:
                    break
                data += chunk
        except (ConnectionError, ssl.SSLError, OSError):
            data = b""
        print(data.split(b"\\r\\n", 1)[0].decode() if data else "NO ANSWER")
        """

    /// The status line, or `NO ANSWER`.
    func run() async throws -> String {
        var arguments: [String: Any] = ["port": port, "header": header.rawValue, "client": client, "clientPort": clientPort, "path": path]
        if let caFile { arguments["caFile"] = caFile }
        let json = String(decoding: try JSONSerialization.data(withJSONObject: arguments), as: UTF8.self)
        let run = try await ChildProcess.run(try ExternalTool.path(of: "python3"), ["-c", Self.source, json])
        return run.stdout.text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
