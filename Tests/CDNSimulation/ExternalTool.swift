import Foundation

/// The real clients the end-to-end tests drive. They are installed by `scripts/test`; a missing one
/// fails the test (a skipped end-to-end test would hide exactly the regressions it exists for).
package enum ExternalTool {
    package static func path(of name: String) throws -> String {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for directory in directories {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw EndToEndFailure("`\(name)` is not installed (not found on PATH): run scripts/test, which installs curl, aria2c and Python's h11")
    }

    package static func curl() throws -> String { try path(of: "curl") }
    package static func aria2c() throws -> String { try path(of: "aria2c") }

    /// python3 with the h11 package importable.
    package static func pythonWithH11() async throws -> String {
        let python = try path(of: "python3")
        let check = try ChildProcess(python, ["-c", "import h11"])
        guard try await check.exitStatus(within: .seconds(30)) == 0 else {
            throw EndToEndFailure("Python's h11 package is missing (\(check.stderr.text)): run scripts/test, which installs it")
        }
        return python
    }

    /// The lowercase hex SHA-256 of a file, by coreutils' sha256sum.
    package static func sha256(of path: String) async throws -> String {
        let run = try await ChildProcess.run(try self.path(of: "sha256sum"), [path])
        return String(run.stdout.text.prefix(64))
    }
}
