import GRDB

/// A row of `pack`: the draft state of one pack id.
struct PackRecord: Codable, FetchableRecord, PersistableRecord, Equatable {
    static let databaseTableName = "pack"

    var id: String
    var policy: String
    var fetchOrder: Int
    var contentType: String
    /// NULL when the pack was removed from the draft.
    var currentVersion: Int?
    var latestVersion: Int
    /// Comma-separated `ApplePlatform` raw values, sorted; '' for every platform.
    var platforms: String = ""
    /// Comma-separated `InstallationEventType` raw values in canonical order.
    var installationEvents: String = ReleasePackRecord.encodeEvents(InstallationEventType.both)
    /// `PackAccess` raw value.
    var access: String = PackAccess.public.rawValue
    /// The download manifest's `userInfo` as canonical JSON (an archive's, or `set --user-info`'s); '' for
    /// PackServe's own.
    var userInfo: String = ""
}
