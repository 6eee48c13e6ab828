/// An address or a network in CIDR notation (RFC 4632 §3.1 for IPv4, RFC 4291 §2.3 for IPv6):
/// `127.0.0.0/8`, `::1`, `172.17.0.0/16`, `fd00::/8`. The one type behind every list of client networks
/// (`trustedProxies`, `admin.plaintextClients`).
///
/// An IPv4 network contains the IPv4-mapped form of its addresses too (`::ffff:172.17.0.1` is in
/// `172.17.0.0/16`), since that is how a dual-stack socket reports an IPv4 peer. An IPv6 network written in
/// IPv6 form outside `::ffff:0:0/96` contains no IPv4 address: `::/0` means every IPv6 client, not every
/// client.
public struct IPNetwork: Sendable, Equatable, CustomStringConvertible {
    /// The first address, with the bits past the prefix cleared.
    public let address: IPAddress
    /// Leading bits that must match, counted in the 128-bit form (an IPv4 /n is 96 + n).
    public let prefixLength: Int

    /// Nil when `text` is not an address, optionally followed by `/` and a prefix length its family allows
    /// (0–32 for IPv4, 0–128 for IPv6), written in decimal digits alone.
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let address = IPAddress(parts[0]) else { return nil }
        let familyBits = address.isIPv4 && !parts[0].contains(":") ? 32 : 128
        var length = familyBits
        if parts.count == 2 {
            guard !parts[1].isEmpty, parts[1].count <= 3, parts[1].allSatisfy({ $0.isASCII && $0.isNumber }),
                  let given = Int(parts[1]), given <= familyBits
            else { return nil }
            length = given
        }
        self.init(address: address, prefixLength: familyBits == 32 ? 96 + length : length)
    }

    /// The network of `prefixLength` leading bits (of the 128-bit form) around `address`.
    public init(address: IPAddress, prefixLength: Int) {
        self.prefixLength = prefixLength
        let (highMask, lowMask) = Self.masks(prefixLength)
        self.address = IPAddress(high: address.high & highMask, low: address.low & lowMask)
    }

    /// Whether this network holds IPv4 addresses (it lies within `::ffff:0:0/96`).
    private var isIPv4: Bool { prefixLength >= 96 && address.isIPv4 }

    public func contains(_ candidate: IPAddress) -> Bool {
        guard candidate.isIPv4 == isIPv4 else { return false }
        let (highMask, lowMask) = Self.masks(prefixLength)
        return candidate.high & highMask == address.high && candidate.low & lowMask == address.low
    }

    /// Whether numeric text (as the access log shows a client) names an address in this network.
    public func contains(_ text: String) -> Bool {
        IPAddress(text).map(contains) ?? false
    }

    /// `172.17.0.0/16`, `fd00::/8`: the network as it would be configured.
    public var description: String {
        isIPv4 ? "\(address)/\(prefixLength - 96)" : "\(address)/\(prefixLength)"
    }

    private static func masks(_ length: Int) -> (UInt64, UInt64) {
        func mask(_ bits: Int) -> UInt64 { bits <= 0 ? 0 : bits >= 64 ? .max : ~(UInt64.max >> UInt64(bits)) }
        return (mask(length), mask(length - 64))
    }
}

extension [IPNetwork] {
    /// Whether any network of the list holds `address`.
    public func containsAddress(_ address: IPAddress) -> Bool {
        contains { $0.contains(address) }
    }
}
