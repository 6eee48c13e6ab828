/// How a read that waited for the server to close the connection ended.
public enum ConnectionEnd: Equatable, Sendable, CustomStringConvertible {
    /// An orderly close (FIN): recv returned 0.
    case closed
    /// The server reset the connection (RST): recv failed with ECONNRESET.
    case reset
    /// The receive timeout passed while the connection stayed open.
    case timedOut

    public var description: String {
        switch self {
        case .closed: "closed"
        case .reset: "reset"
        case .timedOut: "still open after the receive timeout"
        }
    }
}
