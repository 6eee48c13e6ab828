import PackServeTesting
import Polling
import RawHTTPClient

/// Waits until a freshly started cache listens, or answers through to its origin (bounded `Poll`s).
package enum CacheReadiness {
    /// Until the cache's port takes connections (a socket of this process's own, not curl: while varnishd
    /// starts it compiles its VCL in child processes, and a curl spawned in that moment was seen as running
    /// for a whole minute).
    package static func awaitListening(_ cache: any FrontCache, within timeout: Duration = .seconds(20)) async throws {
        let listening = try await Poll.until(within: timeout, every: .milliseconds(50)) {
            guard cache.isRunning else { throw EndToEndFailure("\(cache.name) exited at start: \(cache.log)") }
            return (try? RawClient(port: cache.port, receiveTimeoutSeconds: 2)) != nil
        }
        if listening { return }
        throw EndToEndFailure("\(cache.name) did not listen on port \(cache.port) within \(timeout): \(cache.log)")
    }

    /// Until `/healthz` through the cache answers 200 (it is 200 whatever the Host, and never cached).
    package static func await(_ cache: any FrontCache, within timeout: Duration = .seconds(20)) async throws {
        var last = "no answer"
        let answered = try await Poll.until(within: timeout, every: .milliseconds(50)) {
            guard cache.isRunning else {
                throw EndToEndFailure("\(cache.name) exited at start: \(cache.log)")
            }
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
