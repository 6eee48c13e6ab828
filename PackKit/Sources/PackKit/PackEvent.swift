/// Something that happened to the pack store, for an app that shows what is on the device or must let go
/// of files it opened.
public enum PackEvent: Sendable, Hashable {
    /// A pack's bytes arrived and were verified.
    case installed(InstalledPack)
    /// A newer version of an installed pack replaced it (`previousSHA256` is gone or going).
    case updated(InstalledPack, previousSHA256: String)
    /// A pack was removed to free space.
    case purged(id: String, sha256: String, bytes: Int64)
}
