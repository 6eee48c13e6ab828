import Glibc

/// Why a raw test client could not do what a test asked; the description is what the test failure shows.
public enum RawClientError: Error, Sendable, CustomStringConvertible {
    case socketCall(String, errno: Int32)
    /// The server closed (or reset) the connection before the bytes the test waited for arrived.
    case closedEarly(expected: Int, received: Int)
    case timedOut(waitingFor: String)
    case malformedResponse(String)

    public var description: String {
        switch self {
        case .socketCall(let call, let code): "\(call) failed: \(String(cString: strerror(code)))"
        case .closedEarly(let expected, let received): "connection ended after \(received) of \(expected) bytes"
        case .timedOut(let what): "timed out waiting for \(what)"
        case .malformedResponse(let why): "malformed response: \(why)"
        }
    }

    /// True when a connect was refused (nothing listening any more).
    public var isConnectionRefused: Bool {
        if case .socketCall("connect", let code) = self { return code == ECONNREFUSED }
        return false
    }

    public var isTimeout: Bool {
        if case .timedOut = self { return true }
        return false
    }
}
