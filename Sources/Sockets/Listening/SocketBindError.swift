import Glibc

/// Why the server could not listen: the host did not resolve, or socket/bind/listen failed
/// (typically EADDRINUSE or EACCES).
public enum SocketBindError: Error, CustomStringConvertible {
    case resolve(host: String, message: String)
    case system(call: String, address: String, errno: Int32)

    public var description: String {
        switch self {
        case .resolve(let host, let message): "cannot resolve listen host \(host): \(message)"
        case .system(let call, let address, let code):
            "\(call) \(address) failed: \(String(cString: strerror(code)))"
        }
    }
}
