/// RFC 8259 JSON, read strictly, wherever JSON from outside enters PackServe: config.json, the admin API's
/// bodies, an archive's `Manifest.json` and `--user-info` files (docs/configuration-files.md, docs/api.md "Admin
/// API", docs/apple-archive.md). Foundation's `JSONSerialization` and `JSONDecoder` accept a trailing comma
/// (`{"a":1,}`) and let a second `"allowedHosts"` silently replace the first; this parser refuses both, and
/// everything else the RFC's grammar does not produce, with the line and column of the first problem.
/// Pure: bytes in, a value or an error out.
public struct StrictJSONParser {
    /// RFC 8259 §9 lets a parser limit nesting; this keeps a hostile `[[[[…` body from exhausting the stack
    /// (and Foundation's encoder, which gives up at 512 levels, from failing on what was accepted). PackServe's
    /// own documents nest four deep; a pack's `userInfo` may nest `UserInfoLimits.maxDepth` below its key.
    public static let defaultMaxDepth = 64

    private let bytes: [UInt8]
    private let maxDepth: Int
    private var index = 0
    private var position = JSONPosition()

    private init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    /// - Parameter maxDepth: how many levels of arrays and objects may nest (`[[1]]` has two; a scalar none).
    public static func parse(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth) throws(StrictJSONError) -> JSONNode {
        var parser = StrictJSONParser(bytes: bytes, maxDepth: maxDepth)
        // RFC 8259 §8.1: a parser MAY ignore a byte order mark (some editors write one).
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipWhitespace()
        let value = try parser.value(path: "", depth: 0)
        parser.skipWhitespace()
        guard parser.peek == nil else { throw parser.failure("\(parser.next) after the end of the document") }
        return value
    }

    // MARK: Values (RFC 8259 §3)

    private mutating func value(path: String, depth: Int) throws(StrictJSONError) -> JSONNode {
        let start = position
        guard let byte = peek else { throw failure("\(next) where a value should be") }
        // `depth` arrays and objects enclose this value; one more is the limit's business only if this is one.
        if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
            guard depth < maxDepth else { throw failure("nested deeper than \(maxDepth) levels") }
        }
        let kind: JSONNode.Kind
        switch byte {
        case UInt8(ascii: "{"): kind = try object(path: path, depth: depth)
        case UInt8(ascii: "["): kind = try array(path: path, depth: depth)
        case UInt8(ascii: "\""): kind = .string(try string())
        case UInt8(ascii: "t"): try literal("true"); kind = .bool(true)
        case UInt8(ascii: "f"): try literal("false"); kind = .bool(false)
        case UInt8(ascii: "n"): try literal("null"); kind = .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): kind = .number(try number())
        default: throw failure("\(next) where a value should be")
        }
        return JSONNode(kind: kind, position: start)
    }

    /// RFC 8259 §4. A name given twice is refused: the RFC leaves the outcome to the parser, and taking the
    /// last (as Foundation does) let a second `allowedHosts` widen the first unseen.
    private mutating func object(path: String, depth: Int) throws(StrictJSONError) -> JSONNode.Kind {
        advance()
        skipWhitespace()
        var members: [JSONMember] = []
        var names: Set<String> = []
        if peek == UInt8(ascii: "}") {
            advance()
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard peek == UInt8(ascii: "\"") else {
                throw failure(peek == UInt8(ascii: "}") ? "a trailing comma before }" : "\(next) where a key in double quotes should be")
            }
            let namePosition = position
            let name = try string()
            let memberPath = JSONKeyPath.member(name, of: path)
            guard names.insert(name).inserted else {
                throw StrictJSONError(position: namePosition, problem: "duplicate key \"\(memberPath)\"")
            }
            skipWhitespace()
            guard peek == UInt8(ascii: ":") else { throw failure("\(next) where : should follow \"\(memberPath)\"") }
            advance()
            skipWhitespace()
            members.append(JSONMember(name: name, position: namePosition, value: try value(path: memberPath, depth: depth + 1)))
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","): advance()
            case UInt8(ascii: "}"): advance(); return .object(members)
            default: throw failure("\(next) where , or } should follow the value of \"\(memberPath)\"")
            }
        }
    }

    /// RFC 8259 §5.
    private mutating func array(path: String, depth: Int) throws(StrictJSONError) -> JSONNode.Kind {
        advance()
        skipWhitespace()
        var items: [JSONNode] = []
        if peek == UInt8(ascii: "]") {
            advance()
            return .array(items)
        }
        while true {
            skipWhitespace()
            if peek == UInt8(ascii: "]") { throw failure("a trailing comma before ]") }
            items.append(try value(path: JSONKeyPath.element(items.count, of: path), depth: depth + 1))
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","): advance()
            case UInt8(ascii: "]"): advance(); return .array(items)
            default: throw failure("\(next) where , or ] should follow an element of \(path.isEmpty ? "the array" : path)")
            }
        }
    }

    /// `true`, `false`, `null`: lower case, exactly (RFC 8259 §3).
    private mutating func literal(_ word: String) throws(StrictJSONError) {
        let expected = Array(word.utf8)
        guard bytes[index...].starts(with: expected) else { throw failure("\(next) where a value should be") }
        for _ in expected { advance() }
    }

    /// RFC 8259 §6: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`; no leading zeros, `+`, `.5`,
    /// `1.`, `NaN` or `Infinity`.
    private mutating func number() throws(StrictJSONError) -> String {
        let start = index
        if peek == UInt8(ascii: "-") { advance() }
        if peek == UInt8(ascii: "0") {
            advance()
            if let digit = peek, Self.isDigit(digit) { throw failure("a number with a leading zero") }
        } else {
            try digits()
        }
        if peek == UInt8(ascii: ".") {
            advance()
            try digits()
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            advance()
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { advance() }
            try digits()
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func digits() throws(StrictJSONError) {
        guard let first = peek, Self.isDigit(first) else { throw failure("\(next) where a digit should be") }
        while let digit = peek, Self.isDigit(digit) { advance() }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    // MARK: Strings (RFC 8259 §7, §8)

    private mutating func string() throws(StrictJSONError) -> String {
        let start = position
        advance()
        var utf8: [UInt8] = []
        while true {
            guard let byte = peek else { throw StrictJSONError(position: start, problem: "a string that is never closed") }
            switch byte {
            case UInt8(ascii: "\""):
                advance()
                // RFC 8259 §8.1: JSON text is UTF-8.
                guard let text = String(validating: utf8, as: UTF8.self) else {
                    throw StrictJSONError(position: start, problem: "a string that is not valid UTF-8")
                }
                return text
            case UInt8(ascii: "\\"):
                advance()
                try escape(into: &utf8)
            case 0..<0x20:
                // §7: control characters must be escaped (a raw newline usually means a missing quote).
                throw failure("a control character (U+\(Self.hex4(UInt16(byte)))) inside a string; escape it")
            default:
                utf8.append(byte)
                advance()
            }
        }
    }

    /// After a backslash: one of the eight short escapes or `\uXXXX`; a UTF-16 surrogate must come as a
    /// high-low pair (§7, §8.2: a lone one is no character).
    private mutating func escape(into utf8: inout [UInt8]) throws(StrictJSONError) {
        let short: [UInt8: UInt8] = [
            UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F, UInt8(ascii: "b"): 0x08,
            UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
        ]
        guard let letter = peek else { throw failure("a string that is never closed") }
        if let byte = short[letter] {
            utf8.append(byte)
            advance()
            return
        }
        guard letter == UInt8(ascii: "u") else { throw failure("\(next) after a backslash, which is no JSON escape") }
        advance()
        let unit = try hexUnit()
        var scalar = Unicode.Scalar(unit)
        if (0xD800...0xDBFF).contains(unit), bytes[index...].starts(with: Array("\\u".utf8)) {
            advance()
            advance()
            let low = try hexUnit()
            if (0xDC00...0xDFFF).contains(low) {
                scalar = Unicode.Scalar(0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00))
            }
        }
        guard let scalar else { throw failure("an unpaired UTF-16 surrogate \\u\(Self.hex4(unit))") }
        utf8.append(contentsOf: Array(String(Character(scalar)).utf8))
    }

    private mutating func hexUnit() throws(StrictJSONError) -> UInt16 {
        let digits = bytes[index..<min(index + 4, bytes.count)]
        // Each byte checked first: `UInt16(_:radix:)` alone would also take a sign (`\u+fff`).
        guard digits.count == 4, digits.allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }),
              let unit = UInt16(String(decoding: digits, as: UTF8.self), radix: 16)
        else { throw failure("\\u followed by something other than four hexadecimal digits") }
        for _ in digits { advance() }
        return unit
    }

    private static func hex4(_ value: UInt16) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }

    // MARK: Bytes and positions

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// The next byte as a refusal names it: `'x'` when printable ASCII, `the end of the document` at the end.
    private var next: String {
        guard let byte = peek else { return "the end of the document" }
        return (0x21..<0x7F).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    private mutating func advance() {
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: "\n") {
            position.line += 1
            position.column = 1
        } else if byte & 0xC0 != 0x80 {
            position.column += 1
        }
    }

    /// RFC 8259 §2: space, tab, line feed and carriage return only (no comments).
    private mutating func skipWhitespace() {
        while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { advance() }
    }

    private func failure(_ problem: String) -> StrictJSONError {
        StrictJSONError(position: position, problem: problem)
    }
}
