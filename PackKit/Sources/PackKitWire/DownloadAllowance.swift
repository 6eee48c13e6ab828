/// How many bytes an app lets be fetched without the user asking: Background Assets' Info.plist
/// `BAEssentialDownloadAllowance` (essential packs) and `BADownloadAllowance` (essential and prefetch
/// together). Packs a user asks for (on-demand, by tag) are not counted against it.
public struct DownloadAllowance: Sendable, Hashable {
    public var essentialBytes: Int64
    public var totalBytes: Int64

    public init(essentialBytes: Int64, totalBytes: Int64) {
        self.essentialBytes = essentialBytes
        self.totalBytes = totalBytes
    }

    /// No limit.
    public static let unlimited = DownloadAllowance(essentialBytes: .max, totalBytes: .max)
}
