/// A small XML reader for the few documents an S3 service answers (ListObjectsV2, multipart results,
/// errors): elements, character data, the five predefined entities and character references, CDATA,
/// comments, processing instructions and the prolog. No DTDs (a `<!DOCTYPE` is refused, so no entity
/// expansion), no namespaces beyond dropping a prefix.
///
/// Hand-written rather than FoundationXML, which needs libxml2 at run time and does not link into the
/// statically linked container build. The input comes from the network, so every path is bounded: depth,
/// element count and size limits, and any malformed input throws rather than traps (it is fuzzed).
public struct XMLScanner {
    public static let maxDepth = 32
    public static let maxElements = 200_000

    private let bytes: [UInt8]
    private var position = 0
    private var elementCount = 0

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The document's root element.
    public static func parse(_ bytes: [UInt8]) throws(XMLScanError) -> XMLElement {
        var scanner = XMLScanner(bytes)
        // A UTF-8 byte order mark may precede the prolog (XML 1.0 §4.3.3).
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { scanner.position = 3 }
        try scanner.skipMisc()
        guard scanner.peek() == UInt8(ascii: "<") else { throw scanner.error("no root element") }
        let root = try scanner.element(depth: 1)
        try scanner.skipMisc()
        guard scanner.position == bytes.count else { throw scanner.error("content after the root element") }
        return root
    }

    private func error(_ reason: String) -> XMLScanError { XMLScanError(offset: position, reason) }

    private func peek(_ offset: Int = 0) -> UInt8? {
        position + offset < bytes.count ? bytes[position + offset] : nil
    }

    private func hasPrefix(_ text: String) -> Bool {
        let prefix = Array(text.utf8)
        return bytes.count - position >= prefix.count && bytes[position..<position + prefix.count].elementsEqual(prefix)
    }

    /// Moves past `terminator`, which must come; what lay before it is returned.
    private mutating func skip(past terminator: String) throws(XMLScanError) -> ArraySlice<UInt8> {
        let pattern = Array(terminator.utf8)
        var index = position
        while index + pattern.count <= bytes.count {
            if bytes[index..<index + pattern.count].elementsEqual(pattern) {
                defer { position = index + pattern.count }
                return bytes[position..<index]
            }
            index += 1
        }
        throw error("unterminated construct (no \(terminator))")
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), Self.isWhitespace(byte) { position += 1 }
    }

    /// Whitespace, comments and processing instructions (the prolog `<?xml …?>` among them) outside the root.
    private mutating func skipMisc() throws(XMLScanError) {
        while true {
            skipWhitespace()
            if hasPrefix("<?") {
                _ = try skip(past: "?>")
            } else if hasPrefix("<!--") {
                _ = try skip(past: "-->")
            } else if hasPrefix("<!") {
                throw error("a document type declaration (not accepted)")
            } else {
                return
            }
        }
    }

    /// Reads `<name …>content</name>` or `<name …/>` starting at `<`.
    private mutating func element(depth: Int) throws(XMLScanError) -> XMLElement {
        guard depth <= Self.maxDepth else { throw error("elements nested deeper than \(Self.maxDepth)") }
        elementCount += 1
        guard elementCount <= Self.maxElements else { throw error("more than \(Self.maxElements) elements") }
        position += 1
        let qualifiedName = try name()
        try skipAttributes()
        // `<a:>` would leave no name at all (found by XMLScannerFuzzer).
        guard !Self.localName(qualifiedName).isEmpty else { throw error("an element name with an empty local part") }
        var element = XMLElement(name: Self.localName(qualifiedName))
        if hasPrefix("/>") {
            position += 2
            return element
        }
        guard peek() == UInt8(ascii: ">") else { throw error("a malformed start tag") }
        position += 1
        var text: [UInt8] = []
        while true {
            guard let byte = peek() else { throw error("<\(qualifiedName)> is not closed") }
            if byte != UInt8(ascii: "<") {
                if byte == UInt8(ascii: "&") { try reference(into: &text) } else { text.append(byte); position += 1 }
            } else if hasPrefix("</") {
                position += 2
                let closing = try name()
                guard closing == qualifiedName else { throw error("</\(closing)> closes <\(qualifiedName)>") }
                skipWhitespace()
                guard peek() == UInt8(ascii: ">") else { throw error("a malformed end tag") }
                position += 1
                break
            } else if hasPrefix("<![CDATA[") {
                position += 9
                text += try skip(past: "]]>")
            } else if hasPrefix("<!--") {
                _ = try skip(past: "-->")
            } else if hasPrefix("<?") {
                _ = try skip(past: "?>")
            } else {
                element.children.append(try self.element(depth: depth + 1))
            }
        }
        guard let decoded = String(validating: text, as: UTF8.self) else { throw error("text that is not UTF-8") }
        element.text = decoded
        return element
    }

    /// An element or attribute name: anything up to whitespace, `/`, `>` or `=` (names are not validated
    /// further; nothing here depends on their exact grammar).
    private mutating func name() throws(XMLScanError) -> String {
        let start = position
        while let byte = peek(), !Self.isWhitespace(byte), byte != UInt8(ascii: "/"), byte != UInt8(ascii: ">"),
            byte != UInt8(ascii: "="), byte != UInt8(ascii: "<")
        {
            position += 1
        }
        guard position > start, let name = String(validating: bytes[start..<position], as: UTF8.self) else {
            throw error("a missing or malformed name")
        }
        return name
    }

    /// `name="value"` or `name='value'` pairs up to `>` or `/>`.
    private mutating func skipAttributes() throws(XMLScanError) {
        while true {
            skipWhitespace()
            guard let byte = peek() else { throw error("an unterminated start tag") }
            if byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") { return }
            _ = try name()
            skipWhitespace()
            guard peek() == UInt8(ascii: "=") else { throw error("an attribute without a value") }
            position += 1
            skipWhitespace()
            guard let quote = peek(), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                throw error("an unquoted attribute value")
            }
            position += 1
            _ = try skip(past: quote == UInt8(ascii: "\"") ? "\"" : "'")
        }
    }

    /// `&lt;` and its kin, or `&#N;` / `&#xH;` (XML 1.0 §4.1, §4.6), appended as UTF-8.
    private mutating func reference(into text: inout [UInt8]) throws(XMLScanError) {
        position += 1
        let body = try skip(past: ";")
        guard body.count <= 10 else { throw error("an overlong entity reference") }
        switch String(decoding: body, as: UTF8.self) {
        case "lt": text.append(UInt8(ascii: "<"))
        case "gt": text.append(UInt8(ascii: ">"))
        case "amp": text.append(UInt8(ascii: "&"))
        case "quot": text.append(UInt8(ascii: "\""))
        case "apos": text.append(UInt8(ascii: "'"))
        case let reference where reference.hasPrefix("#"):
            let digits = reference.dropFirst()
            let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            guard let value, value != 0, let scalar = Unicode.Scalar(value) else {
                throw error("an invalid character reference &\(reference);")
            }
            text += Array(String(Character(scalar)).utf8)
        case let other:
            throw error("an unknown entity &\(other);")
        }
    }

    private static func localName(_ qualified: String) -> String {
        guard let colon = qualified.lastIndex(of: ":") else { return qualified }
        return String(qualified[qualified.index(after: colon)...])
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
