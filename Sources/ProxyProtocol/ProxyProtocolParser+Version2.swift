import Sockets

extension ProxyProtocolParser {
    /// §2.2, the binary header: the 12-byte signature, version and command, family and protocol, the
    /// length of what follows (network order), then the addresses and any TLVs, which are skipped.
    static func parseVersion2(_ bytes: UnsafeRawBufferPointer) -> ProxyHeaderParseResult {
        guard startsConsistently(bytes, with: version2Signature) else {
            return .invalid("the connection does not start with a PROXY protocol header")
        }
        guard bytes.count > 12 else { return .needMoreBytes }
        // The 13th byte: version in the high nibble ("the receiver must only accept" 2), command in the low.
        let version = bytes[12] >> 4, command = bytes[12] & 0x0F
        guard version == 2 else { return .invalid("a binary PROXY header of version \(version); only 2 exists") }
        // "Receivers must drop connections presenting unexpected values here."
        guard command <= 1 else { return .invalid("a v2 PROXY header with command \(command); only LOCAL (0) and PROXY (1) exist") }
        guard bytes.count > 13 else { return .needMoreBytes }
        // The 14th byte: address family (high nibble) and transport protocol (low). Values beyond the
        // specification's "must be rejected as invalid by receivers"; for LOCAL the family "is ignored".
        let family = bytes[13] >> 4, transport = bytes[13] & 0x0F
        guard command == 0 || family <= 3 && transport <= 2 else {
            return .invalid("a v2 PROXY header with an undefined family or protocol (0x\(String(bytes[13], radix: 16)))")
        }
        guard bytes.count >= 16 else { return .needMoreBytes }
        let declared = Int(bytes[14]) << 8 | Int(bytes[15])
        guard declared <= maxVersion2AddressBytes else {
            return .invalid("a v2 PROXY header declares \(declared) bytes of addresses; at most \(maxVersion2AddressBytes) are accepted")
        }
        // TCP over IPv4: two 4-byte addresses and two ports; over IPv6, two 16-byte addresses and two ports.
        let addressBytes = command == 1 && transport == 1 ? (family == 1 ? 12 : family == 2 ? 36 : 0) : 0
        guard declared >= addressBytes else {
            return .invalid("a v2 PROXY header declares \(declared) bytes, too few for its addresses (\(addressBytes))")
        }
        let length = 16 + declared
        // "The receiver must not start to parse an address before the whole address block is received."
        guard bytes.count >= length else { return .needMoreBytes }
        guard addressBytes > 0 else { return .parsed(ProxyHeader(version: 2, length: length, source: .unspecified)) }
        let size = family == 1 ? 4 : 16
        let source = IPAddress(networkOrder: UnsafeRawBufferPointer(rebasing: bytes[16..<16 + size]))
        let portOffset = 16 + 2 * size
        let port = Int(bytes[portOffset]) << 8 | Int(bytes[portOffset + 1])
        return .parsed(ProxyHeader(version: 2, length: length, source: .address(source, port: port)))
    }
}
