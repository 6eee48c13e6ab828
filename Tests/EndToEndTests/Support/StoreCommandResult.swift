/// What one finished `packserve` command printed and how it exited (nil status: timed out, killed).
struct StoreCommandResult: CustomStringConvertible {
    let commandLine: String
    let status: Int32?
    let stdout: String
    let stderr: String

    var lines: [String] { stdout.split(separator: "\n").map(String.init) }

    var description: String {
        "`\(commandLine)` exited with \(status.map(String.init) ?? "a timeout"): \(stdout)\(stderr)"
    }
}
