/// Reads HAProxy's PROXY protocol header, version 1 (text) and 2 (binary), from the first bytes of a
/// connection (haproxy's doc/proxy-protocol.txt; the sections cited are that document's).
///
/// Pure and incremental: `parse` is given every byte received so far (from the start of the connection)
/// and says whether they hold a whole header, may still become one, or never will. It decides as early as
/// the bytes allow (§2.1: abort "as soon as possible"), so an HTTP request or a TLS ClientHello sent by
/// mistake is refused at its first byte, and it never looks past the header's own bytes: at most
/// `maxVersion1Bytes` for v1, 16 + the declared length (at most `maxVersion2AddressBytes`) for v2, so what
/// follows the header (the HTTP request, the TLS handshake) is left alone.
public enum ProxyProtocolParser {
    /// §2.1: a v1 line is at most 107 bytes, CRLF included.
    public static let maxVersion1Bytes = 107
    /// The most address and TLV bytes a v2 header may declare. §2.2 allows 65,535; a header announcing
    /// more than this is refused, so the bytes a connection holds before it is trusted stay small. HAProxy's
    /// largest header (IPv6 addresses, ALPN, authority, unique id, the SSL TLVs) is a few hundred bytes.
    public static let maxVersion2AddressBytes = 2048
    /// The most bytes `parse` ever needs to see.
    public static let maxHeaderBytes = 16 + maxVersion2AddressBytes

    /// §2.2: the first 12 bytes of a v2 header.
    static let version2Signature: [UInt8] = [0x0D, 0x0A, 0x0D, 0x0A, 0x00, 0x0D, 0x0A, 0x51, 0x55, 0x49, 0x54, 0x0A]
    /// §2.1: the first 6 bytes of a v1 header.
    static let version1Start = Array("PROXY ".utf8)

    /// `bytes` are the connection's first bytes, as many as have arrived (more than a header is fine).
    public static func parse(_ bytes: UnsafeRawBufferPointer) -> ProxyHeaderParseResult {
        // §2.2 "Identifying the protocol version": the two formats differ in their first byte.
        switch bytes.first {
        case nil: .needMoreBytes
        case version1Start[0]: parseVersion1(bytes)
        case version2Signature[0]: parseVersion2(bytes)
        default: .invalid("the connection does not start with a PROXY protocol header")
        }
    }

    /// Whether `bytes` begins with as much of `expected` as it holds.
    static func startsConsistently(_ bytes: UnsafeRawBufferPointer, with expected: [UInt8]) -> Bool {
        for index in 0..<min(bytes.count, expected.count) where bytes[index] != expected[index] { return false }
        return true
    }
}
