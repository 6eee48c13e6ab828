/// The syntax of a Host field value and of the authority of an absolute-form target:
/// `uri-host [ ":" port ]` (RFC 9110 §7.2, RFC 3986 §3.2.2–§3.2.3). Userinfo is not allowed (RFC 9110
/// §4.2.4 forbids sending it in http(s) URIs, and it is a classic spoofing vector).
enum HostSyntax {
    /// The length of the host part (the port stripped) when `bytes` is a valid `uri-host [":" port]`,
    /// or nil. An empty value is valid syntax (RFC 9112 §3.2: sent when the target has no authority).
    static func hostLength(_ bytes: UnsafeRawBufferPointer) -> Int? {
        var index = 0
        if index < bytes.count && bytes[index] == UInt8(ascii: "[") {
            guard let literalEnd = ipLiteralEnd(bytes) else { return nil }
            index = literalEnd
        } else {
            while index < bytes.count && bytes[index] != HTTPGrammar.colon {
                let byte = bytes[index]
                if byte == HTTPGrammar.percent {
                    guard HTTPGrammar.isPercentEscape(bytes, at: index) else { return nil }
                    index += 3
                } else {
                    // reg-name = *( unreserved / pct-encoded / sub-delims )
                    guard HTTPGrammar.isUnreserved(byte) || HTTPGrammar.isSubDelimiter(byte) else { return nil }
                    index += 1
                }
            }
        }
        let hostEnd = index
        if index < bytes.count {
            guard bytes[index] == HTTPGrammar.colon else { return nil }
            index += 1
            // port = *DIGIT
            while index < bytes.count {
                guard HTTPGrammar.isDigit(bytes[index]) else { return nil }
                index += 1
            }
        }
        return hostEnd
    }

    /// The index just past the `]` of an IP-literal at the start of `bytes`, or nil when it is malformed.
    /// IPv6 addresses are checked for their alphabet (hex digits, `:`, `.`) rather than fully parsed:
    /// the host is only compared against an allow-list, never resolved.
    private static func ipLiteralEnd(_ bytes: UnsafeRawBufferPointer) -> Int? {
        var index = 1
        let isFuture = index < bytes.count && (bytes[index] == UInt8(ascii: "v") || bytes[index] == UInt8(ascii: "V"))
        var sawColon = false
        while index < bytes.count && bytes[index] != UInt8(ascii: "]") {
            let byte = bytes[index]
            if byte == HTTPGrammar.colon { sawColon = true }
            let allowed =
                isFuture
                ? HTTPGrammar.isUnreserved(byte) || HTTPGrammar.isSubDelimiter(byte) || byte == HTTPGrammar.colon
                : HTTPGrammar.hexValue(byte) != nil || byte == HTTPGrammar.colon || byte == UInt8(ascii: ".")
            guard allowed else { return nil }
            index += 1
        }
        // IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ); IPv6 always has a colon.
        guard index < bytes.count, isFuture || sawColon else { return nil }
        return index + 1
    }
}
