/// How many more manifest requests one release of one channel answered during `hour` (Unix seconds / 3600).
public struct AdoptionDelta: Sendable, Hashable {
    public var channel: String
    public var release: Int
    public var hour: Int64
    public var manifestRequests: Int
    public var completedDownloads: Int

    public init(channel: String, release: Int, hour: Int64, manifestRequests: Int = 0, completedDownloads: Int = 0) {
        self.channel = channel
        self.release = release
        self.hour = hour
        self.manifestRequests = manifestRequests
        self.completedDownloads = completedDownloads
    }
}
