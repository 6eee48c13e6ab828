import HTTP1
import HTTPServer

/// Which hosts this server answers for (docs/api.md "HTTP"): exact names, compared
/// case-insensitively without port, and `*.example.com` patterns that match subdomains only (never
/// `example.com` itself). IPv6 literals may be written with or without brackets. `@local` stands for every
/// address of this machine's interfaces when the list is built (`LocalAddresses`).
public struct HostAllowList: Sendable, Equatable {
    private let exact: Set<String>
    /// Suffixes of the wildcard patterns, with their leading dot: `*.example.com` → `.example.com`.
    private let suffixes: [String]

    public init(_ patterns: [String]) {
        var exact = Set<String>()
        var suffixes: [String] = []
        for pattern in LocalAddresses.expand(patterns).map(Self.normalize) {
            if pattern.hasPrefix("*.") { suffixes.append(String(pattern.dropFirst())) } else { exact.insert(pattern) }
        }
        self.exact = exact
        self.suffixes = suffixes
    }

    /// `host` as it arrives: a Host field value or an absolute-form target's host, with or without port.
    public func allows(_ host: String) -> Bool {
        let name = Self.normalize(HTTPRequestHead.stripPort(host))
        guard !name.isEmpty else { return false }
        if exact.contains(name) { return true }
        return suffixes.contains { name.hasSuffix($0) && name.count > $0.count }
    }

    /// The host part of an Origin (`scheme://host[:port]`, RFC 6454), or nil for `null` and malformed ones.
    public func allowsOrigin(_ origin: String) -> Bool {
        guard let schemeEnd = origin.range(of: "://") else { return false }
        let authority = origin[schemeEnd.upperBound...]
        guard !authority.isEmpty, !authority.contains("/"), !authority.contains("@") else { return false }
        return allows(String(authority))
    }

    /// Lower case, no brackets around IPv6 literals, no trailing root dot.
    static func normalize(_ host: String) -> String {
        // Request hosts arrive lowercased already (HTTPRequestHead.hostWithoutPort): don't copy them again.
        // Bytes, not Characters, are checked: this runs for every request.
        var h = host.containsUppercaseASCII ? host.lowercased() : host
        if h.utf8.first == UInt8(ascii: "["), h.utf8.last == UInt8(ascii: "]") {
            h = String(h.dropFirst().dropLast())
        }
        if h.utf8.last == UInt8(ascii: ".") { h.removeLast() }
        return h
    }
}
