import Sockets

/// Which client an `X-Forwarded-For` field names, believing only trusted proxies (docs/http.md "Client
/// address behind a proxy").
///
/// Every proxy appends the address it received the request from, so the field reads left to right from
/// the client towards us, and only the entries our trusted proxies wrote can be believed: anything to their
/// left may be made up by the client. So the field is read from the right (the reasoning of RFC 7239 §5.2
/// and §8.1 for `Forwarded`): each entry written by a trusted proxy names the node before it; the first
/// entry that is not a trusted proxy is the client. When every entry is a trusted proxy, the leftmost is
/// the client. An entry that is not an address (`unknown`, a name, garbage) stops the walk, and the last
/// address vouched for is the client: never an address only an untrusted party wrote.
public enum ForwardedFor {
    /// The client of a request from `peer` carrying `field` (every X-Forwarded-For line, combined in order
    /// with commas, RFC 9110 §5.3). `peer` itself when it is not a trusted proxy.
    public static func client(field: String, peer: IPAddress, trustedProxies: [IPNetwork]) -> IPAddress {
        guard trustedProxies.containsAddress(peer) else { return peer }
        var client = peer
        var utf8 = Substring(field).utf8[...]
        while !utf8.isEmpty {
            let element: Substring.UTF8View.SubSequence
            if let comma = utf8.lastIndex(of: UInt8(ascii: ",")) {
                element = utf8[utf8.index(after: comma)...]
                utf8 = utf8[..<comma]
            } else {
                element = utf8
                utf8 = utf8[utf8.endIndex...]
            }
            let entry = trimmed(Substring(element))
            // RFC 9110 §5.6.1: empty list elements are allowed and mean nothing.
            if entry.isEmpty { continue }
            guard let address = address(in: entry) else { return client }
            client = address
            if !trustedProxies.containsAddress(address) { return address }
        }
        return client
    }

    /// An entry's address: `192.0.2.1`, `2001:db8::1`, and the forms some proxies write with a port,
    /// `192.0.2.1:4711`, `[2001:db8::1]` and `[2001:db8::1]:4711` (RFC 7239 §6's node syntax).
    static func address(in entry: Substring) -> IPAddress? {
        if entry.first == "[" {
            guard let close = entry.firstIndex(of: "]") else { return nil }
            let rest = entry[entry.index(after: close)...]
            guard rest.isEmpty || isPort(rest.dropFirst()) && rest.first == ":" else { return nil }
            return IPAddress(entry[entry.index(after: entry.startIndex)..<close])
        }
        if let address = IPAddress(entry) { return address }
        // An IPv4 address with a port has exactly one colon; an IPv6 address without brackets has several.
        guard let colon = entry.firstIndex(of: ":"), entry.lastIndex(of: ":") == colon,
              isPort(entry[entry.index(after: colon)...]),
              let address = IPAddress(entry[..<colon]), address.isIPv4
        else { return nil }
        return address
    }

    private static func isPort(_ text: Substring) -> Bool {
        (1...5).contains(text.count) && text.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// Without the optional whitespace around a list element (RFC 9110 §5.6.1: SP and HTAB).
    private static func trimmed(_ text: Substring) -> Substring {
        var text = text
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
