/// The value of `If-Match` or `If-None-Match` (RFC 9110 §13.1.1, §13.1.2): `*` or a list of entity tags.
///
/// Malformed members (unquoted tags, a missing closing quote, `*` inside a list) are dropped, never a
/// crash. The effect is conservative in both directions: a garbage `If-Match` matches nothing (412, no
/// change is made on a guess), a garbage `If-None-Match` matches nothing (the request proceeds normally).
public enum EntityTagList: Sendable, Equatable {
    /// `*`: any current representation.
    case any
    /// The well-formed members, in order.
    case tags([EntityTag])

    public init(parsing fieldValue: some StringProtocol) {
        let bytes = Array(fieldValue.utf8)
        var index = 0
        EntityTag.skipWhitespace(bytes, &index)
        if index < bytes.count, bytes[index] == UInt8(ascii: "*") {
            var rest = index + 1
            EntityTag.skipWhitespace(bytes, &rest)
            if rest == bytes.count {
                self = .any
                return
            }
        }
        var tags: [EntityTag] = []
        while index < bytes.count {
            // RFC 9110 §5.6.1: empty list elements and the whitespace around them are allowed.
            if bytes[index] == UInt8(ascii: ",") || bytes[index] == 0x20 || bytes[index] == 0x09 {
                index += 1
                continue
            }
            var end = index
            if let tag = EntityTag.scan(bytes, &end) {
                EntityTag.skipWhitespace(bytes, &end)
                if end == bytes.count || bytes[end] == UInt8(ascii: ",") {
                    tags.append(tag)
                    index = end
                    continue
                }
            }
            // Malformed member: resume after the next comma.
            while index < bytes.count, bytes[index] != UInt8(ascii: ",") { index += 1 }
        }
        self = .tags(tags)
    }

    /// True if `current` is matched: `*` matches any existing representation, a list matches if a member
    /// compares equal under the strong (If-Match, §13.1.1) or weak (If-None-Match, §13.1.2) function.
    /// A representation without an entity tag is matched only by `*`.
    public func matches(_ current: EntityTag?, weakComparison: Bool) -> Bool {
        switch self {
        case .any:
            return true
        case .tags(let tags):
            guard let current else { return false }
            return tags.contains { weakComparison ? $0.weakMatches(current) : $0.strongMatches(current) }
        }
    }
}
