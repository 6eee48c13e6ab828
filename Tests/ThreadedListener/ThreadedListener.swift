import Foundation
import Glibc

/// A listening socket on an ephemeral loopback port whose every connection is handed, with its number in
/// order of arrival, to `serve` on a thread of its own: for tests that play a peer byte by byte (a server that
/// frames oddly, a cache that never answers, one that trickles), which no real server does on demand.
/// `serve` owns the connection and closes it. The listener stops accepting when the value goes away.
public final class ThreadedListener: Sendable {
    public let port: Int
    private let listener: Int32

    /// - Parameter port: 0 (an ephemeral port) unless a test must name it before the listener exists.
    public init(port: Int = 0, serve: @escaping @Sendable (_ connection: Int32, _ index: Int) -> Void) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(listener, pointer, length) == 0 && listen(listener, 16) == 0
                    && getsockname(listener, pointer, &length) == 0
            }
        }
        guard bound else {
            close(listener)
            throw POSIXError(.EADDRINUSE)
        }
        self.port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread {
            var index = 0
            while true {
                let connection = accept(listener, nil, nil)
                // Closed here, once accept fails after deinit's shutdown, so the descriptor's number cannot be
                // reused by another test's socket while this thread still accepts on it.
                guard connection >= 0 else {
                    close(listener)
                    return
                }
                let number = index
                index += 1
                Thread.detachNewThread { serve(connection, number) }
            }
        }
    }

    deinit {
        shutdown(listener, Int32(SHUT_RDWR))
    }
}
