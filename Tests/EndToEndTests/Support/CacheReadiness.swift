import PackServeTesting
import Polling
import RawHTTPClient

/// Waits until a freshly started cache answers through to its origin (a bounded `Poll`).
enum CacheReadiness {
    static func await(_ cache: any FrontCache, process: ChildProcess, within timeout: Duration = .seconds(20)) async throws {
        var last = "no answer"
        let answered = try await Poll.until(within: timeout, every: .milliseconds(50)) {
            guard process.isRunning else {
                throw EndToEndFailure("\(cache.name) exited at start: \(cache.log)")
            }
            // A socket of the test's own, not curl: while varnishd starts it compiles its VCL in child
            // processes, and a curl spawned in that moment was seen as running for a whole minute.
            // /healthz is 200 whatever the Host, and never cached.
            do {
                let socket = try RawClient(port: cache.port, receiveTimeoutSeconds: 2)
                try socket.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                last = socket.read(until: "\r\n\r\n").text
                return last.hasPrefix("HTTP/1.1 200 ")
            } catch {
                last = "\(error)"
                return false
            }
        }
        if answered { return }
        throw EndToEndFailure("\(cache.name) did not answer /healthz with 200 on port \(cache.port) within \(timeout) (last: \(last)): \(cache.log)")
    }
}
