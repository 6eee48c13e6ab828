import CDNSimulation
import Testing

/// The harness's child processes: an exit is seen even when Foundation cannot see it.
@Suite struct ChildProcessTests {
    /// The shell exits 3 at once, leaving a `sleep` behind that inherited every descriptor of the shell — the
    /// socket Foundation watches for the exit among them (swift-corelibs-foundation issue 4795), as a process
    /// another test spawns at the same instant can. The exit and its status are seen at once all the same.
    @Test func anExitIsSeenWhileAnotherProcessHoldsTheSocketFoundationWatches() async throws {
        let child = try ChildProcess("/bin/sh", ["-c", "sleep 30 >/dev/null 2>&1 & exit 3"])
        #expect(try await child.exitStatus(within: .seconds(10)) == 3)
    }
}
