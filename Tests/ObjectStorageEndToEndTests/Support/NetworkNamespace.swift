import Foundation

/// A network namespace joined to this host by a veth pair, addresses assigned by the test: the host's end
/// `hostAddress`, the namespace's `address` (a /30 of 10/8). A process started in it (`ip netns exec`) sees
/// only that link and its own loopback, like a replica on a machine of its own. Names carry a per-run tag,
/// so two runs side by side never collide; `remove()` deletes the namespace and with it the pair.
final class NetworkNamespace {
    static let ip = "/usr/sbin/ip"

    let name: String
    let hostInterface: String
    let insideInterface: String
    let hostAddress: String
    let address: String

    /// Whether this process may make namespaces (root, with `ip` installed).
    static var isAvailable: Bool { getuid() == 0 && FileManager.default.isExecutableFile(atPath: ip) }

    /// - Parameters:
    ///   - tag: unique to the run (up to 8 characters), shared by its namespaces.
    ///   - index: this namespace's number within the run.
    ///   - subnet: the first three octets, `10.a.b`, unique to the run; `index` picks the /30 within it.
    init(tag: String, index: Int, subnet: String) throws {
        name = "psr\(tag)n\(index)"
        hostInterface = "psr\(tag)h\(index)"
        let inside = "psr\(tag)i\(index)"
        insideInterface = inside
        hostAddress = "\(subnet).\(index * 4 + 1)"
        address = "\(subnet).\(index * 4 + 2)"
        try HostCommand.run(Self.ip, ["netns", "add", name])
        do {
            try HostCommand.run(Self.ip, ["link", "add", hostInterface, "type", "veth", "peer", "name", inside])
            try HostCommand.run(Self.ip, ["link", "set", inside, "netns", name])
            try HostCommand.run(Self.ip, ["addr", "add", "\(hostAddress)/30", "dev", hostInterface])
            try HostCommand.run(Self.ip, ["link", "set", hostInterface, "up"])
            try HostCommand.run(Self.ip, ["-n", name, "addr", "add", "\(address)/30", "dev", inside])
            try HostCommand.run(Self.ip, ["-n", name, "link", "set", inside, "up"])
            try HostCommand.run(Self.ip, ["-n", name, "link", "set", "lo", "up"])
        } catch {
            remove()
            throw error
        }
    }

    /// Slows the link to `megabits` per second each way (`tc` token buckets on both ends), so a copy into the
    /// namespace or a response out of it lasts long enough to be interrupted.
    func limit(megabits: Int) throws {
        let bucket = ["root", "tbf", "rate", "\(megabits)mbit", "burst", "256kb", "latency", "100ms"]
        try HostCommand.run("/usr/sbin/tc", ["qdisc", "add", "dev", hostInterface] + bucket)
        try HostCommand.run(Self.ip, ["netns", "exec", name, "/usr/sbin/tc", "qdisc", "add", "dev", insideInterface] + bucket)
    }

    /// Lifts `limit(megabits:)`.
    func removeLimit() throws {
        try HostCommand.run("/usr/sbin/tc", ["qdisc", "del", "dev", hostInterface, "root"])
        try HostCommand.run(Self.ip, ["netns", "exec", name, "/usr/sbin/tc", "qdisc", "del", "dev", insideInterface, "root"])
    }

    /// Arguments that run `command` inside the namespace.
    func exec(_ command: [String]) -> (String, [String]) {
        (Self.ip, ["netns", "exec", name] + command)
    }

    /// Deletes the namespace (its end of the pair goes with it, and so the host's end); idempotent.
    func remove() {
        _ = try? HostCommand.run(Self.ip, ["netns", "del", name])
        _ = try? HostCommand.run(Self.ip, ["link", "del", hostInterface])
    }

    deinit { remove() }
}
