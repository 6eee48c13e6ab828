/// A Python program that opens N TLS connections (one request each, kept alive), holds them idle for
/// two seconds, reads the server's resident memory from /proc, then makes a second request on every
/// connection to show the server kept them all.
///
/// Arguments: port, CA file, N, server PID. Prints `OK rss_kib=… connections=N` or the problem.
enum IdleTLSConnectionsScript {
    static let script = PythonScripts.path(of: "idle_tls_connections.py")
}
