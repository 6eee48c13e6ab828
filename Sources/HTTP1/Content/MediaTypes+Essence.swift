extension MediaTypes {
    /// Whether `contentType` is of the type `essence` (lowercase `type/subtype`), whatever its parameters:
    /// compared case-insensitively, with the optional whitespace RFC 9110 §5.6.3 allows before and after it
    /// (RFC 9110 §8.3.1: `text/html;charset=utf-8` and `Text/HTML ; charset=UTF-8` are one type). Strict
    /// otherwise: `application/json x` is not JSON. The bytes are compared in place, no string is made (a
    /// report's content type is asked on every report).
    public static func isType(_ contentType: String, _ essence: StaticString) -> Bool {
        var contentType = contentType
        return contentType.withUTF8 { bytes in
            var start = 0
            while start < bytes.count, isWhitespace(bytes[start]) { start += 1 }
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: ";"), !isWhitespace(bytes[end]) { end += 1 }
            guard equalIgnoringCase(UnsafeBufferPointer(rebasing: bytes[start..<end]), essence) else { return false }
            var after = end
            while after < bytes.count, isWhitespace(bytes[after]) { after += 1 }
            return after == bytes.count || bytes[after] == UInt8(ascii: ";")
        }
    }

    /// SP or HTAB.
    static func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// ASCII case-insensitive; `lowercase` is lowercase already. Lengths first: most pairs differ there.
    static func equalIgnoringCase(_ bytes: UnsafeBufferPointer<UInt8>, _ lowercase: StaticString) -> Bool {
        guard bytes.count == lowercase.utf8CodeUnitCount else { return false }
        let expected = UnsafeBufferPointer(start: lowercase.utf8Start, count: lowercase.utf8CodeUnitCount)
        for (byte, wanted) in zip(bytes, expected) {
            let folded = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
            if folded != wanted { return false }
        }
        return true
    }
}
