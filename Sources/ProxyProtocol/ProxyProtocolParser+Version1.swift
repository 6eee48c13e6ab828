import Sockets

extension ProxyProtocolParser {
    /// §2.1, the human-readable header: `PROXY TCP4 <src> <dst> <srcport> <dstport>\r\n` (or `TCP6`), or
    /// `PROXY UNKNOWN …\r\n`, at most 107 bytes.
    static func parseVersion1(_ bytes: UnsafeRawBufferPointer) -> ProxyHeaderParseResult {
        guard startsConsistently(bytes, with: version1Start) else {
            return .invalid("the connection does not start with a PROXY protocol header")
        }
        // The line ends at its first CR, which must be followed by LF ("must not tolerate a single CR or LF
        // character to end the line"); before it, printable US-ASCII only. Never past byte 107.
        let visible = min(bytes.count, maxVersion1Bytes)
        var carriageReturn: Int?
        for index in version1Start.count..<max(visible, version1Start.count) {
            let byte = bytes[index]
            if byte == 0x0D {
                carriageReturn = index
                break
            }
            guard byte >= 0x20 && byte < 0x7F else { return .invalid("a v1 PROXY header holds a control or non-ASCII byte") }
        }
        guard let carriageReturn else {
            return visible == maxVersion1Bytes ? .invalid("a v1 PROXY header has no CRLF within 107 bytes") : .needMoreBytes
        }
        let length = carriageReturn + 2
        guard length <= maxVersion1Bytes else { return .invalid("a v1 PROXY header has no CRLF within 107 bytes") }
        guard length <= bytes.count else { return .needMoreBytes }
        guard bytes[carriageReturn + 1] == 0x0A else { return .invalid("a v1 PROXY header has a CR without LF") }
        let line = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[0..<carriageReturn]), as: UTF8.self)
        return decodeVersion1(line, length: length)
    }

    /// The fields of a complete line (without its CRLF), separated by exactly one space each.
    private static func decodeVersion1(_ line: String, length: Int) -> ProxyHeaderParseResult {
        let fields = line.split(separator: " ", omittingEmptySubsequences: false)
        // fields[0] is "PROXY": `parseVersion1` checked the line's start.
        let family = fields.count > 1 ? fields[1] : ""
        // "UNKNOWN": "the receiver must ignore anything presented before the CRLF"; the connection's own
        // endpoints count.
        if family == "UNKNOWN" { return .parsed(ProxyHeader(version: 1, length: length, source: .unspecified)) }
        guard family == "TCP4" || family == "TCP6" else {
            return .invalid("a v1 PROXY header names no protocol TCP4, TCP6 or UNKNOWN")
        }
        guard fields.count == 6 else { return .invalid("a v1 PROXY \(family) header needs 4 fields separated by single spaces") }
        let isVersion6 = family == "TCP6"
        // The family dictates the format: an IPv4 address has no colon, an IPv6 address always has one.
        func address(_ text: Substring) -> IPAddress? {
            guard text.contains(":") == isVersion6 else { return nil }
            return IPAddress(text)
        }
        guard let source = address(fields[2]), address(fields[3]) != nil else {
            return .invalid("a v1 PROXY \(family) header has an address that is not \(isVersion6 ? "IPv6" : "dotted-decimal IPv4")")
        }
        guard let port = port(fields[4]), self.port(fields[5]) != nil else {
            return .invalid("a v1 PROXY header has a port that is not 0-65535 without leading zeros")
        }
        return .parsed(ProxyHeader(version: 1, length: length, source: .address(source, port: port)))
    }

    /// §2.1: "a decimal integer in the range [0..65535] inclusive", with no leading zeros.
    private static func port(_ text: Substring) -> Int? {
        guard (1...5).contains(text.utf8.count), text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              text == "0" || text.first != "0", let value = Int(text), value <= 65535
        else { return nil }
        return value
    }
}
