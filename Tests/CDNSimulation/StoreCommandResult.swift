/// What one finished `packserve` command printed and how it exited (nil status: timed out, killed).
package struct StoreCommandResult: CustomStringConvertible {
    package let commandLine: String
    package let status: Int32?
    package let stdout: String
    package let stderr: String

    package init(commandLine: String, status: Int32?, stdout: String, stderr: String) {
        self.commandLine = commandLine
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }

    package var lines: [String] { stdout.split(separator: "\n").map(String.init) }

    package var description: String {
        "`\(commandLine)` exited with \(status.map(String.init) ?? "a timeout"): \(stdout)\(stderr)"
    }
}
