import Glibc

/// The hosts a development server certificate names: what `--host` gave, or this machine's names.
public enum HostList {
    /// Parses every entry (see `HostName(parsing:)`), dropping repeats (`::1` and `0::1` are one address)
    /// and keeping the first occurrence's order, since the order is what the command prints.
    public static func parse(_ hosts: [String]) throws(DevelopmentCertificatesError) -> [HostName] {
        var seen = Set<HostName>()
        var names: [HostName] = []
        for host in hosts {
            let name = try HostName(parsing: host)
            if seen.insert(name).inserted { names.append(name) }
        }
        guard !names.isEmpty else { throw .noHosts }
        return names
    }

    /// `localhost`, `127.0.0.1`, `::1` and the machine's own addresses: a phone on the same network
    /// reaches a development server by its LAN address, and the certificate must name that address.
    public static func defaultHosts() -> [String] {
        defaultHosts(adding: [])
    }

    /// The names every development certificate carries, whatever else it names.
    public static let loopbackHosts = ["localhost", "127.0.0.1", "::1"]

    /// `extra` added to the default hosts, not in their place: a certificate made for a LAN address must
    /// still verify for `https://localhost`. The loopback names come first, then `extra`, then the
    /// machine's addresses (repeats are dropped by `parse`).
    public static func defaultHosts(adding extra: [String]) -> [String] {
        loopbackHosts + extra + machineAddresses()
    }

    /// The addresses of the interfaces that are up, from getifaddrs(3), except loopback and IPv6
    /// link-local ones (fe80::/10): a link-local address needs a zone (`%en0`) that neither a URL an app
    /// uses nor a certificate can carry.
    public static func machineAddresses() -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var addresses: [String] = []
        for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
            let flags = Int32(entry.pointee.ifa_flags)
            let isUp = flags & Int32(IFF_UP) != 0
            let isLoopback = flags & Int32(IFF_LOOPBACK) != 0
            guard let address = entry.pointee.ifa_addr, isUp, !isLoopback else { continue }
            let bytes: [UInt8]
            switch Int32(address.pointee.sa_family) {
            case AF_INET:
                bytes = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                    withUnsafeBytes(of: $0.pointee.sin_addr) { Array($0) }
                }
            case AF_INET6:
                bytes = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    withUnsafeBytes(of: $0.pointee.sin6_addr) { Array($0) }
                }
                if bytes[0] == 0xfe && bytes[1] & 0xc0 == 0x80 { continue }
            default:
                continue
            }
            let text = HostName.ipAddress(bytes).description
            if !addresses.contains(text) { addresses.append(text) }
        }
        return addresses
    }
}
