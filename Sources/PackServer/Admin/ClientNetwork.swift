import Glibc

/// One entry of `admin.plaintextClients`: an address (`::1`) or a network in CIDR notation (`172.17.0.0/16`),
/// IPv4 or IPv6. An IPv4-mapped IPv6 peer (`::ffff:172.17.0.1`, what a dual-stack listener sees) is compared
/// as the IPv4 address it is.
public struct ClientNetwork: Sendable, Equatable {
    /// 4 or 16 bytes, network order.
    private let prefix: [UInt8]
    private let length: Int

    /// Nil when `text` is neither an address nor an address with a prefix length its family allows.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard let bytes = Self.addressBytes(parts[0]) else { return nil }
        let bits = bytes.count * 8
        if parts.count == 2 {
            guard let length = Int(parts[1]), (0...bits).contains(length), parts[1].allSatisfy(\.isNumber) else { return nil }
            self.length = length
        } else {
            length = bits
        }
        prefix = bytes
    }

    /// Whether `address` (a peer's numeric address, as the access log shows it) is in this network.
    public func contains(_ address: String) -> Bool {
        guard var bytes = Self.addressBytes(address) else { return false }
        if bytes.count == 16, prefix.count == 4, bytes[0..<12].elementsEqual(Self.mappedPrefix) {
            bytes = Array(bytes[12...])
        }
        guard bytes.count == prefix.count else { return false }
        for bit in 0..<length where (bytes[bit / 8] ^ prefix[bit / 8]) & (0x80 >> UInt8(bit % 8)) != 0 {
            return false
        }
        return true
    }

    private static let mappedPrefix: [UInt8] = Array(repeating: 0, count: 10) + [0xFF, 0xFF]

    private static func addressBytes(_ text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 { return withUnsafeBytes(of: &v6) { Array($0) } }
        return nil
    }
}
