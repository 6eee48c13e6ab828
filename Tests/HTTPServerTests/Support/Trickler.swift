import Foundation
import RawHTTPClient

/// A slowloris client: sends a request head one byte per second and reports when, and how, the server
/// dropped it. Gives up (reporting `.timedOut`) after `maxBytes` bytes so a server without a header
/// timeout fails the test in bounded time.
struct Trickler: Sendable {
    struct Outcome: Sendable {
        var bytesSent: Int
        var end: ConnectionEnd
        var elapsed: Duration
    }

    var port: Int
    var head = Array("GET /slow HTTP/1.1\r\nHost: test\r\nX-Slow: \(String(repeating: "s", count: 40))\r\n\r\n".utf8)
    var maxBytes = 10

    /// Blocks for up to `maxBytes` seconds; run it on its own thread. `sent` is told each byte's index once
    /// the byte is on its way, while the trickler still hangs on.
    func run(sent: (Int) -> Void = { _ in }) -> Outcome {
        let clock = ContinuousClock()
        let start = clock.now
        guard let client = try? RawClient(port: port, receiveTimeoutSeconds: 1) else {
            return Outcome(bytesSent: 0, end: .reset, elapsed: .zero)
        }
        for (index, byte) in head.prefix(maxBytes).enumerated() {
            do {
                try client.send([byte])
            } catch {
                return Outcome(bytesSent: index, end: .reset, elapsed: clock.now - start)
            }
            sent(index)
            // The one-second receive timeout paces the bytes and notices the close at the same time.
            let (_, end) = client.readUntilEnd()
            if end != .timedOut { return Outcome(bytesSent: index + 1, end: end, elapsed: clock.now - start) }
        }
        return Outcome(bytesSent: maxBytes, end: .timedOut, elapsed: clock.now - start)
    }
}
