/// Standard padded base64 (RFC 4648 §4), for PEM bodies and the pinning form of a key: the base64url
/// alphabet with `+` and `/`, and `=` padding. Built on `Base64URL` so both stay strict.
enum StandardBase64 {
    static func encode(_ bytes: [UInt8]) -> String {
        var text = Array(Base64URL.encode(bytes).utf8)
        for index in text.indices {
            if text[index] == UInt8(ascii: "-") { text[index] = UInt8(ascii: "+") }
            if text[index] == UInt8(ascii: "_") { text[index] = UInt8(ascii: "/") }
        }
        text += repeatElement(UInt8(ascii: "="), count: (4 - text.count % 4) % 4)
        return String(decoding: text, as: UTF8.self)
    }

    /// Nil unless `text` is padded standard base64 whose length is a multiple of 4.
    static func decode(_ text: some StringProtocol) -> [UInt8]? {
        var bytes = Array(text.utf8)
        guard bytes.count % 4 == 0 else { return nil }
        var padding = 0
        while padding < 2, bytes.last == UInt8(ascii: "=") {
            bytes.removeLast()
            padding += 1
        }
        for index in bytes.indices {
            switch bytes[index] {
            case UInt8(ascii: "+"): bytes[index] = UInt8(ascii: "-")
            case UInt8(ascii: "/"): bytes[index] = UInt8(ascii: "_")
            case UInt8(ascii: "-"), UInt8(ascii: "_"): return nil
            default: break
            }
        }
        return Base64URL.decode(bytes)
    }
}
