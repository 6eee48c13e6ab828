import Glibc

/// An IPv4 or IPv6 socket address as a value.
package struct SocketAddress: Equatable, CustomStringConvertible {
    private var storage: sockaddr_storage

    package var family: Int32 { Int32(storage.ss_family) }

    package init?(_ pointer: UnsafeMutablePointer<sockaddr>?) {
        guard let pointer else { return nil }
        let family = Int32(pointer.pointee.sa_family)
        guard family == AF_INET || family == AF_INET6 else { return nil }
        storage = sockaddr_storage()
        let length = family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size
        withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: UnsafeRawBufferPointer(start: pointer, count: length)) }
    }

    package mutating func setPort(_ port: Int) {
        let networkPort = in_port_t(UInt16(port).bigEndian)
        let family = self.family
        withUnsafeMutableBytes(of: &storage) { raw in
            if family == AF_INET {
                raw.baseAddress!.assumingMemoryBound(to: sockaddr_in.self).pointee.sin_port = networkPort
            } else {
                raw.baseAddress!.assumingMemoryBound(to: sockaddr_in6.self).pointee.sin6_port = networkPort
            }
        }
    }

    package func withSockaddr<R>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R {
        let length = family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size
        return withUnsafeBytes(of: storage) { raw in
            body(raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t(length))
        }
    }

    package var description: String {
        family == AF_INET6 ? "[\(hostText)]:\(port)" : "\(hostText):\(port)"
    }

    /// The numeric address without port (`127.0.0.1`, `::1`), as access logs show a client.
    package var hostText: String {
        var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        let status = withSockaddr { getnameinfo($0, $1, &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) }
        guard status == 0 else { return "?" }
        return String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The address of the peer of a connected socket.
    package static func peer(of socket: Int32) -> SocketAddress? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        return withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(socket, $0, &length) == 0 ? SocketAddress($0) : nil }
        }
    }

    package static func == (a: SocketAddress, b: SocketAddress) -> Bool { a.description == b.description }

    /// The port a bound socket actually got (the ephemeral one when 0 was asked for).
    package static func localPort(of socket: Int32) -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let status = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        guard status == 0 else { return 0 }
        return withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { SocketAddress($0)?.port ?? 0 }
        }
    }

    /// 127.0.0.0/8, ::1, or an IPv4-mapped loopback address (::ffff:127.x.y.z).
    package var isLoopback: Bool {
        withUnsafeBytes(of: storage) { raw in
            if family == AF_INET {
                let address = raw.baseAddress!.assumingMemoryBound(to: sockaddr_in.self).pointee.sin_addr.s_addr
                return UInt32(bigEndian: address) >> 24 == 127
            }
            let address = raw.baseAddress!.assumingMemoryBound(to: sockaddr_in6.self).pointee.sin6_addr
            let bytes = withUnsafeBytes(of: address) { Array($0) }
            let loopback: [UInt8] = Array(repeating: 0, count: 15) + [1]
            let mappedPrefix: [UInt8] = Array(repeating: 0, count: 10) + [0xFF, 0xFF]
            return bytes == loopback || (Array(bytes[0..<12]) == mappedPrefix && bytes[12] == 127)
        }
    }

    /// The address without its port, as a value to compare with networks.
    package var ipAddress: IPAddress {
        withUnsafeBytes(of: storage) { raw in
            if family == AF_INET {
                var address = raw.baseAddress!.assumingMemoryBound(to: sockaddr_in.self).pointee.sin_addr
                return withUnsafeBytes(of: &address) { IPAddress(networkOrder: $0) }
            }
            var address = raw.baseAddress!.assumingMemoryBound(to: sockaddr_in6.self).pointee.sin6_addr
            return withUnsafeBytes(of: &address) { IPAddress(networkOrder: $0) }
        }
    }

    package var port: Int {
        withUnsafeBytes(of: storage) { raw in
            let networkPort = family == AF_INET
                ? raw.baseAddress!.assumingMemoryBound(to: sockaddr_in.self).pointee.sin_port
                : raw.baseAddress!.assumingMemoryBound(to: sockaddr_in6.self).pointee.sin6_port
            return Int(UInt16(bigEndian: networkPort))
        }
    }
}
