import Foundation

/// Real varnishd in the foreground running the shipped deploy/varnish/packserve.vcl, its backend pointed at
/// `originPort`, on an ephemeral port (chosen before the origin starts, so the origin's `cache.purge` can
/// name it), with `storageMiB` of malloc storage. Killed on release (its worker process exits with the
/// manager).
package final class RunningVarnish: FrontCache {
    package let name = "varnish"
    package let port: Int
    package let storageMiB: Int
    private let directory: TemporaryDirectory
    private var child: ChildProcess?

    package init(port: Int, storageMiB: Int = 64) throws {
        self.port = port
        self.storageMiB = storageMiB
        directory = try TemporaryDirectory("packserve-e2e-varnish")
    }

    /// varnishd's `-n` directory, where `varnishstat -n` reads its counters.
    package var workDirectory: String { directory.file("work") }

    package var isRunning: Bool { child?.isRunning ?? false }

    private var pidFile: String { directory.file("varnishd.pid") }

    package var log: String { child.map { $0.stderr.text + $0.stdout.text } ?? "not started" }

    package func launch(originPort: Int) async throws {
        var vcl = try DeployFile("deploy/varnish/packserve.vcl")
        try vcl.replace(#"^(\s*\.port\s*=\s*)"\d+";"#, with: "    .port = \"\(originPort)\";")
        let vclPath = directory.file("packserve.vcl")
        try vcl.write(to: vclPath)
        // -j none: the test machine runs as root, and the unix jail's varnish user cannot read a test's
        // temporary directory; the VCL is what is under test, not the jail.
        let varnishd = try ExternalTool.path(of: "varnishd")
        let arguments = [
            "-F", "-j", "none", "-n", try directory.directory("work"), "-a", "127.0.0.1:\(port)", "-f", vclPath,
            "-s", "malloc,\(storageMiB)m", "-T", "none", "-P", pidFile,
        ]
        // Through a shell that waits for it rather than directly: started directly, the next child the test
        // started (curl, sha256sum) was seen running for a whole minute after it had exited. Most likely
        // because varnishd closes the descriptors it inherited, among them the one Foundation's Process
        // watches to learn that a child ended; the shell keeps its copy open.
        let child = try ChildProcess("/bin/sh", ["-c", "\"$0\" \"$@\"; exit $?", varnishd] + arguments)
        self.child = child
        try await CacheReadiness.awaitListening(self)
    }

    /// The shell is killed with the test; varnishd (its manager, whose worker exits with it) by its pid.
    deinit {
        if let text = try? String(contentsOfFile: pidFile, encoding: .utf8), let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
            kill(pid, SIGTERM)
        }
    }
}
