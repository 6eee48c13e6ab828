import Glibc

/// A bound, listening, non-blocking TCP socket.
package struct ListeningSocket {
    package let descriptor: Int32
    package let port: Int
    package let address: String

    /// Binds every address `host` resolves to (IPv4 and IPv6). With port 0 the first socket picks an
    /// ephemeral port and the others reuse it, so a test can reach all of them with one number.
    ///
    /// The IPv4 wildcard `0.0.0.0` means "every interface", so it binds the IPv6 wildcard `::` too when
    /// the machine has IPv6 (a device on an IPv6-only network must reach the server as well). To listen
    /// on IPv4 alone, name an IPv4 address.
    package static func bindAll(host: String, port: Int, backlog: Int32 = 4096) throws(SocketBindError) -> [ListeningSocket] {
        var addresses = try resolve(host: host, port: port)
        if host == "0.0.0.0", Self.machineHasIPv6, let any6 = try? resolve(host: "::", port: port) {
            addresses += any6
        }
        let hasIPv4 = addresses.contains { $0.family == AF_INET }
        var sockets: [ListeningSocket] = []
        var chosenPort = port
        for var candidate in addresses {
            if chosenPort != port { candidate.setPort(chosenPort) }
            do {
                // `::` alone serves IPv4 too (dual stack); beside an IPv4 address it must not, or bind clashes.
                let socket = try open(candidate, v6Only: hasIPv4, backlog: backlog)
                chosenPort = socket.port
                sockets.append(socket)
            } catch {
                for s in sockets { close(s.descriptor) }
                throw error
            }
        }
        return sockets
    }

    /// Whether an IPv6 socket can be made here (containers are sometimes IPv4 only).
    private static var machineHasIPv6: Bool {
        let fd = socket(AF_INET6, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        close(fd)
        return true
    }

    private static func open(_ address: SocketAddress, v6Only: Bool, backlog: Int32) throws(SocketBindError) -> ListeningSocket {
        let fd = socket(address.family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .system(call: "socket", address: address.description, errno: errno) }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        if address.family == AF_INET6 {
            var flag: Int32 = v6Only ? 1 : 0
            setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &flag, socklen_t(MemoryLayout<Int32>.size))
        }
        let bound = address.withSockaddr { bind(fd, $0, $1) }
        guard bound == 0 else {
            let e = errno
            close(fd)
            throw .system(call: "bind", address: address.description, errno: e)
        }
        guard listen(fd, backlog) == 0 else {
            let e = errno
            close(fd)
            throw .system(call: "listen", address: address.description, errno: e)
        }
        // Describe the address with the port actually bound: with port 0 the log must show the ephemeral one.
        var actual = address
        actual.setPort(SocketAddress.localPort(of: fd))
        return ListeningSocket(descriptor: fd, port: actual.port, address: actual.description)
    }

    private static func resolve(host: String, port: Int) throws(SocketBindError) -> [SocketAddress] {
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw .resolve(host: host, message: String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(first) }
        var result: [SocketAddress] = []
        var node: UnsafeMutablePointer<addrinfo>? = first
        while let current = node {
            if let address = SocketAddress(current.pointee.ai_addr), !result.contains(address) {
                result.append(address)
            }
            node = current.pointee.ai_next
        }
        return result
    }
}
