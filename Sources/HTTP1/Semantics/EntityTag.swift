/// An entity tag (RFC 9110 §8.8.3): an opaque validator, optionally marked weak with `W/`.
///
///     entity-tag = [ weak ] opaque-tag
///     weak       = %s"W/"
///     opaque-tag = DQUOTE *etagc DQUOTE
///     etagc      = %x21 / %x23-7E / obs-text
public struct EntityTag: Sendable, Hashable, CustomStringConvertible {
    /// The characters between the quotes.
    public let opaqueTag: String
    public let isWeak: Bool

    /// Nil if `opaqueTag` holds a character an entity tag cannot carry (a quote, space, control
    /// character), so a response header can never be broken by a bad validator.
    public init?(opaqueTag: String, isWeak: Bool = false) {
        guard opaqueTag.utf8.allSatisfy(Self.isEntityTagCharacter) else { return nil }
        self.init(validatedOpaqueTag: opaqueTag, isWeak: isWeak)
    }

    /// Parses exactly one entity tag, e.g. `"abc"` or `W/"abc"`; surrounding whitespace is allowed.
    public init?(parsing text: some StringProtocol) {
        let bytes = Array(text.utf8)
        var index = 0
        Self.skipWhitespace(bytes, &index)
        guard let tag = Self.scan(bytes, &index) else { return nil }
        Self.skipWhitespace(bytes, &index)
        guard index == bytes.count else { return nil }
        self = tag
    }

    /// The field value form: `"abc"` or `W/"abc"`. Made once with the tag: a tag that describes an open
    /// file or a document is sent in many responses (`ETag`), and is made once for all of them.
    public let description: String

    /// RFC 9110 §8.8.3.2: both tags strong and their opaque tags identical.
    public func strongMatches(_ other: EntityTag) -> Bool {
        !isWeak && !other.isWeak && opaqueTag == other.opaqueTag
    }

    /// RFC 9110 §8.8.3.2: opaque tags identical, either or both may be weak.
    public func weakMatches(_ other: EntityTag) -> Bool {
        opaqueTag == other.opaqueTag
    }

    /// Scans one entity tag starting at `index`; on success `index` is just past the closing quote.
    static func scan(_ bytes: [UInt8], _ index: inout Int) -> EntityTag? {
        var i = index
        var weak = false
        if i + 1 < bytes.count, bytes[i] == UInt8(ascii: "W"), bytes[i + 1] == UInt8(ascii: "/") {
            weak = true
            i += 2
        }
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return nil }
        i += 1
        let start = i
        while i < bytes.count, bytes[i] != UInt8(ascii: "\"") {
            guard isEntityTagCharacter(bytes[i]) else { return nil }
            i += 1
        }
        guard i < bytes.count else { return nil }  // no closing quote
        let opaque = String(decoding: bytes[start..<i], as: UTF8.self)
        index = i + 1
        return EntityTag(validatedOpaqueTag: opaque, isWeak: weak)
    }

    /// For a tag known to hold only etagc characters.
    package init(validatedOpaqueTag: String, isWeak: Bool) {
        opaqueTag = validatedOpaqueTag
        self.isWeak = isWeak
        let prefix = isWeak ? 3 : 1
        let tagLength = validatedOpaqueTag.utf8.count
        description = String(unsafeUninitializedCapacity: prefix + tagLength + 1) { out in
            if isWeak {
                out[0] = UInt8(ascii: "W")
                out[1] = UInt8(ascii: "/")
            }
            out[prefix - 1] = UInt8(ascii: "\"")
            _ = out[prefix...].initialize(from: validatedOpaqueTag.utf8)
            out[prefix + tagLength] = UInt8(ascii: "\"")
            return prefix + tagLength + 1
        }
    }

    /// etagc: `!`, `#`…`~`, and obs-text (bytes ≥ 0x80).
    static func isEntityTagCharacter(_ c: UInt8) -> Bool {
        c == 0x21 || (c >= 0x23 && c <= 0x7E) || c >= 0x80
    }

    static func skipWhitespace(_ bytes: [UInt8], _ index: inout Int) {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
    }
}
