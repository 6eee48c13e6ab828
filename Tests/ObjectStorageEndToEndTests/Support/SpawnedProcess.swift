import Foundation
import Glibc

/// A child started with `posix_spawn`, its standard output and error in one file, stdin from /dev/null, the
/// signal mask cleared and the usual signals at their defaults (daemons and children inherit both: a Dispatch
/// thread blocks signals, and with SIGTERM blocked every Ceph daemon needed SIGKILL at `stop`). Not
/// Foundation's Process with pipes: with two suites starting clusters at once, its exit was never noticed.
final class SpawnedProcess {
    let pid: pid_t
    let outputPath: String
    private var status: Int32?

    init(_ executable: String, _ arguments: [String], outputPath: String) throws {
        self.outputPath = outputPath
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard spawned == 0 else { throw ClusterError("cannot run \(executable): \(String(cString: strerror(spawned)))") }
        self.pid = pid
    }

    /// Waits for it to exit: its exit status, or 128 + the signal that ended it.
    func wait() -> Int32 {
        if let status { return status }
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
        // WIFEXITED / WEXITSTATUS, which Glibc's overlay does not import.
        let exit = raw & 0x7F == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
        status = exit
        return exit
    }

    /// Whether it has exited (reaping it if so).
    var hasExited: Bool {
        if status != nil { return true }
        var raw: Int32 = 0
        guard waitpid(pid, &raw, WNOHANG) == pid else { return false }
        status = raw & 0x7F == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
        return true
    }

    /// SIGKILL, as a crash or the OOM killer would end it, and reaps it.
    func kill9() -> Int32 {
        if !hasExited { Glibc.kill(pid, SIGKILL) }
        return wait()
    }

    var output: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }

    deinit {
        if !hasExited {
            Glibc.kill(pid, SIGKILL)
            _ = wait()
        }
        unlink(outputPath)
    }
}
