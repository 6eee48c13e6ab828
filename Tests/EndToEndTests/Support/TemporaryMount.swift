import Foundation
import CDNSimulation

/// A small tmpfs mounted for one test (a disk that fills up), unmounted by `remove()`.
struct TemporaryMount {
    let path: String

    /// Whether this process may mount file systems (root; the test container is).
    static var isPermitted: Bool { geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/bin/mount") }

    init(at path: String, sizeMiB: Int) async throws {
        self.path = path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let mount = try await ChildProcess.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(sizeMiB)m", "tmpfs", path])
        guard try await mount.exitStatus(within: .seconds(5)) == 0 else {
            throw EndToEndFailure("cannot mount a tmpfs at \(path): \(mount.stderr.text)")
        }
    }

    func remove() async throws {
        _ = try await ChildProcess.run("/bin/umount", [path])
    }
}
