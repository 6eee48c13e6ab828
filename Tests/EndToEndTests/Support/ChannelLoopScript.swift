/// A Python client that loops on production's and beta's documents through a cache (`Scripts/channel_loop.py`)
/// until a stop file appears, and reports the releases each channel's documents named, or every answer of
/// the wrong channel.
enum ChannelLoopScript {
    static let script = PythonScripts.path(of: "channel_loop.py")

    /// `production=1,3` … from the script's `OK` line: the releases each key named, in the order first seen.
    static func releases(in line: String) -> [String: [Int]] {
        var releases: [String: [Int]] = [:]
        for field in line.split(separator: " ").dropFirst(2) {
            let parts = field.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { continue }
            releases[String(parts[0])] = parts[1].split(separator: ",").compactMap { Int($0) }
        }
        return releases
    }
}
