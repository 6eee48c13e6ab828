import Glibc

/// An IPv4 or IPv6 address as a 128-bit value. An IPv4 address is held as its IPv4-mapped IPv6 form
/// (`::ffff:a.b.c.d`, RFC 4291 §2.5.5.2), so `10.0.0.1` and `::ffff:10.0.0.1` (what a dual-stack socket
/// reports for an IPv4 peer) are the same address everywhere a client is compared or counted.
public struct IPAddress: Hashable, Sendable, CustomStringConvertible {
    /// The first and last 64 bits, in network order of significance.
    public let high: UInt64
    public let low: UInt64

    package init(high: UInt64, low: UInt64) { (self.high, self.low) = (high, low) }

    /// The IPv4 address `value` (host order: 0x7F000001 is 127.0.0.1).
    public init(ipv4 value: UInt32) {
        self.init(high: 0, low: 0xFFFF_0000_0000 | UInt64(value))
    }

    /// Parses numeric text: dotted decimal IPv4 (exactly four parts, no leading zeros) or IPv6 in any
    /// RFC 4291 §2.2 form. Nil for anything else (names, ports, brackets, zone ids).
    public init?(_ text: some StringProtocol) {
        // inet_pton is a pure function of its text; a C string needs a terminating NUL, so a longer text
        // (no address is longer than 45 characters) is refused before it is copied.
        guard text.utf8.count <= 45 else { return nil }
        // A `String` first: the scan below is then specialized (called generically from another module it
        // went through witness tables byte by byte, most of an X-Forwarded-For read: `perf`).
        let string = String(text)
        guard !string.utf8.contains(0) else { return nil }
        var v4 = in_addr()
        if inet_pton(AF_INET, string, &v4) == 1 {
            self.init(ipv4: UInt32(bigEndian: v4.s_addr))
            return
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, string, &v6) == 1 else { return nil }
        self.init(networkOrder: withUnsafeBytes(of: &v6) { UnsafeRawBufferPointer($0) })
    }

    /// 4 (IPv4) or 16 (IPv6) bytes in network order, as socket addresses and PROXY headers carry them.
    package init(networkOrder bytes: UnsafeRawBufferPointer) {
        var value: (UInt64, UInt64) = (0, 0)
        for (index, byte) in bytes.enumerated() {
            if index < 8 { value.0 = value.0 << 8 | UInt64(byte) } else { value.1 = value.1 << 8 | UInt64(byte) }
        }
        if bytes.count == 4 { self.init(ipv4: UInt32(truncatingIfNeeded: value.0)) } else { self.init(high: value.0, low: value.1) }
    }

    /// Whether this is an IPv4 address (written as one, or IPv4-mapped).
    public var isIPv4: Bool { high == 0 && low >> 32 == 0xFFFF }

    /// 127.0.0.0/8 or ::1 (RFC 1122 §3.2.1.3, RFC 4291 §2.5.3).
    public var isLoopback: Bool {
        isIPv4 ? (low >> 24) & 0xFF == 127 : high == 0 && low == 1
    }

    /// The numeric text (`203.0.113.9`, `2001:db8::1`); an IPv4 address as dotted decimal however it came.
    public var description: String {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        if isIPv4 {
            var v4 = in_addr(s_addr: UInt32(truncatingIfNeeded: low).bigEndian)
            inet_ntop(AF_INET, &v4, &text, socklen_t(text.count))
        } else {
            var v6 = in6_addr()
            withUnsafeMutableBytes(of: &v6) { raw in
                for index in 0..<16 {
                    let word = index < 8 ? high : low
                    raw[index] = UInt8(truncatingIfNeeded: word >> (UInt64(7 - index % 8) * 8))
                }
            }
            inet_ntop(AF_INET6, &v6, &text, socklen_t(text.count))
        }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
