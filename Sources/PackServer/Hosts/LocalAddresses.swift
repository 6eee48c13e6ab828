import DevelopmentCertificates

/// `@local` in `allowedHosts`: every address of this machine's interfaces, read with getifaddrs(3) when the
/// allow-list is built (at start-up), so a device on the LAN can reach a development server by its address
/// without the address being written into config.json (it changes from network to network). Loopback
/// (`127.0.0.1`, `::1`) is always part of it; IPv6 link-local addresses are not (a Host cannot carry their zone).
enum LocalAddresses {
    /// The allowedHosts entry that stands for the machine's addresses.
    static let entry = "@local"

    static func current() -> [String] {
        ["127.0.0.1", "::1"] + HostList.machineAddresses()
    }

    /// `patterns` with `@local` replaced by the addresses it stands for.
    static func expand(_ patterns: [String]) -> [String] {
        guard patterns.contains(entry) else { return patterns }
        let addresses = current()
        return patterns.flatMap { $0 == entry ? addresses : [$0] }
    }
}
