import Foundation

/// Runs one administrative command (`ip`, `tc`) to its end, through `SpawnedProcess`; a non-zero exit throws
/// with the command's output.
enum HostCommand {
    @discardableResult
    static func run(_ executable: String, _ arguments: [String]) throws -> String {
        let process = try SpawnedProcess(
            executable, arguments,
            outputPath: FileManager.default.temporaryDirectory.appendingPathComponent("host-command-\(UUID().uuidString).txt").path)
        let status = process.wait()
        let output = process.output
        guard status == 0 else {
            throw ClusterError("\(executable) \(arguments.joined(separator: " ")) exited \(status): \(output)")
        }
        return output
    }
}
