/// Byte classes of the HTTP and URI grammars, as branch-only functions (no tables, no allocation) for the
/// parsing hot path. The three a response parser and a configuration check need too (token, field value,
/// whitespace) are public and inlinable, so there is one definition of each.
public enum HTTPGrammar {
    static let cr = UInt8(ascii: "\r")
    static let lf = UInt8(ascii: "\n")
    @usableFromInline static let space = UInt8(ascii: " ")
    @usableFromInline static let tab = UInt8(ascii: "\t")
    static let colon = UInt8(ascii: ":")
    static let slash = UInt8(ascii: "/")
    static let percent = UInt8(ascii: "%")
    static let question = UInt8(ascii: "?")

    /// RFC 9110 §5.6.2: tchar = "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" / "-" / "." / "^" / "_" /
    /// "`" / "|" / "~" / DIGIT / ALPHA.
    @inlinable @inline(__always)
    public static func isTokenByte(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    /// RFC 9110 §5.5: field-vchar / SP / HTAB, with obs-text (0x80–0xFF) allowed. Every other control
    /// byte — NUL, CR and LF above all — is refused rather than kept (the RFC allows either; refusing
    /// cannot be abused for smuggling or header injection downstream).
    @inlinable @inline(__always)
    public static func isFieldValueByte(_ c: UInt8) -> Bool {
        c == tab || (c >= 0x20 && c != 0x7F)
    }

    /// RFC 9110 §5.6.3: OWS is SP / HTAB.
    @inlinable @inline(__always)
    public static func isWhitespace(_ c: UInt8) -> Bool { c == space || c == tab }

    @inline(__always)
    static func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }

    /// The value of a hexadecimal digit (either case), or nil.
    @inline(__always)
    static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// RFC 3986 §2.3: unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~".
    @inline(__always)
    static func isUnreserved(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    /// RFC 3986 §2.2: sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "=".
    @inline(__always)
    static func isSubDelimiter(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
            UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
            UInt8(ascii: "="):
            true
        default:
            false
        }
    }

    /// RFC 3986 §3.3 pchar without the percent sign (checked separately, with its two hex digits).
    @inline(__always)
    static func isPathByte(_ c: UInt8) -> Bool {
        isUnreserved(c) || isSubDelimiter(c) || c == colon || c == UInt8(ascii: "@")
    }

    /// RFC 3986 §3.4: query = *( pchar / "/" / "?" ), again without the percent sign.
    @inline(__always)
    static func isQueryByte(_ c: UInt8) -> Bool { isPathByte(c) || c == slash || c == question }

    @inline(__always)
    static func lowercased(_ c: UInt8) -> UInt8 {
        c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z") ? c | 0x20 : c
    }

    /// Whether `bytes[index]` starts a `%` HEXDIG HEXDIG escape (RFC 3986 §2.1).
    @inline(__always)
    static func isPercentEscape(_ bytes: UnsafeRawBufferPointer, at index: Int) -> Bool {
        index + 2 < bytes.count && bytes[index] == percent
            && hexValue(bytes[index + 1]) != nil && hexValue(bytes[index + 2]) != nil
    }
}
