/// Ports nothing listens on right now, for tests that must choose the server's port themselves.
/// Python picks them at random below the kernel's ephemeral range (32768–60999 on Linux), binding each to be
/// sure it is free, all at once so they differ. Below that range, no connection's own end takes the port in
/// the moment before the server binds it: in a full run, a port bound to 0 and released was, now and then,
/// the local port of some test's outgoing connection by the time its server started ("Address already in use").
package enum FreePorts {
    package static func pick(_ count: Int) async throws -> [Int] {
        let python = try ExternalTool.path(of: "python3")
        let script = """
            import random, socket
            sockets = []
            while len(sockets) < \(count):
                s = socket.socket()
                try:
                    s.bind(("127.0.0.1", random.randrange(10000, 32768)))
                    sockets.append(s)
                except OSError:
                    s.close()
            print(" ".join(str(s.getsockname()[1]) for s in sockets))
            """
        // The pyenv shim alone can wait a minute for a core at a full run's crowded start (13:40 run of 2026-11-29).
        let run = try await ChildProcess.run(python, ["-c", script], timeout: StoreWorkspace.commandTimeout)
        let ports = run.stdout.text.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard ports.count == count else { throw EndToEndFailure("could not pick \(count) free ports: \(run.stdout.text)") }
        return ports
    }
}
