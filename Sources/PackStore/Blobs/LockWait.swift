/// How long `gc` and `fsck --repair` wait for the ingest lock (held shared by every running `add` and
/// upload), and whom they tell that they are waiting (docs/api.md "Maintenance"): a maintenance command
/// must never hang silently behind an upload, nor wait on it forever.
public struct LockWait: Sendable {
    public var seconds: Double
    /// Called once, with a one-line reason, when the lock is not free at once.
    public var announce: @Sendable (String) -> Void

    public init(seconds: Double, announce: @escaping @Sendable (String) -> Void = { _ in }) {
        self.seconds = seconds
        self.announce = announce
    }

    /// The CLI's default (`--wait 60`).
    public static let defaultSeconds = 60
}
