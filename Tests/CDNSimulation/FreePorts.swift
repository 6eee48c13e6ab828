/// Ports nothing listens on right now, for tests that must choose the server's port themselves.
/// Python picks them (bind to port 0, all at once so they differ); a port could in principle be taken
/// again before the server binds it, which on a test machine does not happen in practice.
package enum FreePorts {
    package static func pick(_ count: Int) async throws -> [Int] {
        let python = try ExternalTool.path(of: "python3")
        let script = """
            import socket
            sockets = [socket.socket() for _ in range(\(count))]
            for s in sockets: s.bind(("127.0.0.1", 0))
            print(" ".join(str(s.getsockname()[1]) for s in sockets))
            """
        let run = try await ChildProcess.run(python, ["-c", script])
        let ports = run.stdout.text.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard ports.count == count else { throw EndToEndFailure("could not pick \(count) free ports: \(run.stdout.text)") }
        return ports
    }
}
