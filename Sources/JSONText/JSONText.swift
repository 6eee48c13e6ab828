#if canImport(Hex)
import Hex
#endif

/// JSON string escaping (RFC 8259 §7): the one implementation behind every JSON PackServe writes by hand
/// (manifests, download manifests, problem details, access-log lines). scripts/fuzz compiles this file and
/// Hex's into one module with the HTTP sources, where there is nothing to import.
///
/// It escapes exactly what swift-foundation's `JSONEncoder` escapes with `.withoutEscapingSlashes`, because
/// the signed manifest's bytes must equal what `JSONEncoder` would write (docs/manifest.md): `"` and `\`,
/// and the controls below 0x20 (`\b \f \n \r \t` by name, the others as `\u00XX`). Everything else, DEL and
/// non-ASCII included, stays as its UTF-8 bytes, which RFC 8259 §7 allows.
public enum JSONText {
    /// Appends `value` as a JSON string, quotes included. Runs of bytes that need no escape (nearly all of
    /// them) are copied in one piece.
    @inlinable
    public static func appendString(_ value: String, to bytes: inout [UInt8]) {
        bytes.append(0x22)  // "
        var value = value
        value.withUTF8 { utf8 in
            var runStart = 0
            // A plain index loop: `enumerated()` costs a generic-metadata lookup per byte in debug builds.
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                if needsEscape(byte) {
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                    appendEscape(byte, to: &bytes)
                    runStart = index + 1
                }
                index += 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        }
        bytes.append(0x22)
    }

    /// `value` as a JSON string literal, quotes included.
    public static func quoted(_ value: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(value.utf8.count + 2)
        appendString(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` with its controls escaped as a JSON string would have them (`\n`, `\u001b`, `\u007f`) — below
    /// 0x20, DEL, the C1 controls (U+0080–U+009F, which some terminals obey) and the line and paragraph
    /// separators (U+2028, U+2029) — and nothing else changed: for text from outside (a JSON key, a value read
    /// from a restored index) quoted in a message that must stay one line and must not drive a terminal.
    public static func oneLine(_ text: String) -> String {
        // 0xC2 leads every C1 control's UTF-8, 0xE2 the separators': text without them needs no scalar look.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x20 {
                appendEscape(UInt8(value), to: &bytes)
            } else if value == 0x7F || (0x80...0x9F).contains(value) || value == 0x2028 || value == 0x2029 {
                let hex = String(value, radix: 16)
                bytes += Array("\\u\(String(repeating: "0", count: 4 - hex.count))\(hex)".utf8)
            } else {
                bytes += Array(String(scalar).utf8)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A control, `"` or `\`.
    @inlinable
    static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x22 || byte == 0x5C
    }

    @usableFromInline
    static func appendEscape(_ byte: UInt8, to bytes: inout [UInt8]) {
        bytes.append(0x5C)  // \
        switch byte {
        case 0x22, 0x5C: bytes.append(byte)
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        default:
            // Below 0x20, so the first two hex digits are 0 and the third is 0 or 1.
            bytes += [UInt8(ascii: "u"), 0x30, 0x30, Hex.digit(byte >> 4), Hex.digit(byte & 0xF)]
        }
    }
}
