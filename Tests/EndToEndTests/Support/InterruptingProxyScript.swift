/// A Python HTTP/1.1 proxy in front of a packserve, for showing that `verify --download` resumes. It
/// forwards requests as they are (keep-alive included) and prints one JSON line per response:
/// `{"path", "range", "ifRange", "status", "bodyBytes"}`. The first `count` responses to `/blobs/…`
/// longer than `limit` bytes are interrupted after `limit` body bytes: `cut` closes the connection,
/// `stall` stops sending and holds it open (for the test to kill the client mid-transfer).
/// Arguments: listen port, upstream port, mode, limit, count. Prints `listening` once ready.
enum InterruptingProxyScript {
    static let script = PythonScripts.path(of: "interrupting_proxy.py")
}
