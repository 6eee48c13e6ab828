/// Why a pack could not be downloaded or did not match the manifest: one line each.
public enum DownloadFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server's answer rules the pack out (status, sizes).
    case server(String)
    /// The connection failed, after every retry.
    case transport(String)
    /// The local disk.
    case io(String)
    /// The bytes arrived but are not the manifest's.
    case mismatch(String)

    public var description: String {
        switch self {
        case .server(let text), .transport(let text), .io(let text), .mismatch(let text): text
        }
    }
}
