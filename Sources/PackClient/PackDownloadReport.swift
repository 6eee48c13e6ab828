/// What `PackDownloadCheck` found.
public struct PackDownloadReport: Sendable, Equatable {
    /// Packs whose size and SHA-256 match the manifest.
    public var verified = 0
    /// Body bytes received over the network for the verified packs (a failed pack's are not counted).
    public var transferred: Int64 = 0
    /// Bytes already on disk, left by an interrupted earlier run, when each verified pack's download began.
    public var resumedBytes: Int64 = 0
    /// One line per pack that failed, naming it.
    public var failures: [String] = []

    public init() {}
}
