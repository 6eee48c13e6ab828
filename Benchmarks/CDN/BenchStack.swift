import CDNSimulation
import Foundation
import Polling

/// One device count's stack, as scripts/bench-cdn made it: a store where `packserve add` + `publish` made
/// release 1 and the changed packs wait in the draft, and the end-to-end tests' `CDNStack` on it: Varnish
/// running the shipped VCL with malloc storage big enough that nothing is evicted, then `serve` with
/// `publicBaseURL` on the cache, `cache.purge` pointing at Varnish, the access log as JSON lines in a file
/// and the metrics listener on.
final class BenchStack {
    let store: StoreWorkspace
    let stack: CDNStack
    let accessLog: String
    let metricsPort: Int
    let storageMiB: Int

    init(catalog: [CatalogPack], sharedMaxAge: Int, packURLs: String) async throws {
        store = try StoreWorkspace()
        for pack in catalog {
            try await store.run(["add", pack.file1, "--id", pack.id, "--policy", pack.policy, "--order", "\(pack.order)"], timeout: .seconds(300))
        }
        try await store.run(["publish", "--note", "bench-cdn release 1"], timeout: .seconds(300))
        for pack in catalog where pack.changes {
            try await store.run(["add", pack.file2, "--id", pack.id], timeout: .seconds(300))
        }
        let total = catalog.reduce(0) { $0 + $1.size1 + ($1.changes ? $1.size2 : 0) }
        storageMiB = max(256, 2 * total / (1 << 20) + 128)
        accessLog = store.directory.file("access.log")
        stack = try await CDNStack(
            .varnish, store: store, sharedMaxAgeSeconds: sharedMaxAge, purge: true, publicBaseURLIsTheCache: true,
            overrides: [
                "manifest": ["packURLs": packURLs] as [String: any Sendable],
                "metrics": ["listen": ["host": "127.0.0.1", "port": 0] as [String: any Sendable]] as [String: any Sendable],
                "accessLog": ["format": "json", "path": accessLog] as [String: any Sendable],
                "limits": ["maxPackBytes": 8_589_934_592, "maxConnections": 10000] as [String: any Sendable],
            ],
            varnishStorageMiB: storageMiB)
        metricsPort = try await stack.origin.metricsPort()
    }

    var cachePort: Int { stack.cache.port }
    var originPort: Int { stack.origin.port }

    /// Until the origin serves release 1, Varnish answers through it, and the purge `serve` sent when it
    /// loaded its first release has landed (so it does not fall inside the measured run).
    func awaitReady() async throws {
        let ready = try await Poll.until(within: .seconds(30), every: .milliseconds(100)) {
            try alive()
            guard let origin = try? ControlClient.get(port: originPort, "/readyz"), origin.status == 200, origin.body == "release 1\n",
                let cached = try? ControlClient.get(port: cachePort, "/readyz"), cached.status == 200
            else { return false }
            return MetricsText.sum(try metrics(), "packserve_cache_purges_total", label: "result=\"ok\"") >= 1
        }
        guard ready else { throw BenchFailure("the origin or Varnish was not ready within 30 s:\n\(stack.diagnostics)") }
    }

    /// Throws if the origin or Varnish exited.
    func alive() throws {
        guard stack.origin.child.isRunning else { throw BenchFailure("packserve serve exited:\n\(stack.diagnostics)") }
        guard stack.cache.isRunning else { throw BenchFailure("varnishd exited:\n\(stack.diagnostics)") }
    }

    func metrics() throws -> String {
        let answer = try ControlClient.get(port: metricsPort, "/metrics")
        guard answer.status == 200 else { throw BenchFailure("/metrics answered \(answer.status)") }
        return answer.body
    }

    /// `varnishstat -1`: every counter by name.
    func varnishCounters() async throws -> [String: Int] {
        guard let varnish = stack.cache as? RunningVarnish else { throw BenchFailure("the cache is not Varnish") }
        let run = try await ChildProcess.run(
            try ExternalTool.path(of: "varnishstat"), ["-1", "-n", varnish.workDirectory], timeout: .seconds(30))
        var counters: [String: Int] = [:]
        for line in run.stdout.lines {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if fields.count >= 2, let value = Int(fields[1]) { counters[String(fields[0])] = value }
        }
        return counters
    }

    /// Stops both servers (the origin first: its access log is complete once it exited).
    func stop() async throws {
        let status = try await stack.origin.stop()
        if status != 0 {
            BenchLog.line("warning: packserve serve exited with \(status.map(String.init) ?? "a timeout") on SIGTERM")
        }
    }
}
