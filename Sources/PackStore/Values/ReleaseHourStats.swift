/// One release of a channel during one hour (docs/rollouts.md "Adoption"): manifest requests the origin
/// answered with it, downloads of its packs it completed, and the install outcomes devices reported for it.
public struct ReleaseHourStats: Sendable, Hashable {
    /// Unix seconds / 3600.
    public var hour: Int64
    public var release: Int
    public var manifestRequests = 0
    public var completedDownloads = 0
    public var installed = 0
    public var failed = 0

    public init(
        hour: Int64, release: Int, manifestRequests: Int = 0, completedDownloads: Int = 0, installed: Int = 0, failed: Int = 0
    ) {
        self.hour = hour
        self.release = release
        self.manifestRequests = manifestRequests
        self.completedDownloads = completedDownloads
        self.installed = installed
        self.failed = failed
    }
}
