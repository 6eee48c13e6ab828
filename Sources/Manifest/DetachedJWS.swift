import PackKitWire

/// A compact JWS with its payload left out, `header..signature` (RFC 7515 Appendix F): how the index keeps a
/// manifest's JWS beside the payload it already holds. A manifest of 100,000 packs is a 35 MB payload whose
/// compact JWS is 46 MB more of the same bytes in base64url; storing both wrote every signing's bytes twice
/// over (docs/performance.md "Channels at launch scale").
public struct DetachedJWS: Sendable, Hashable {
    /// `header..signature`, ASCII.
    public let text: String

    init(header: String, signature: String) {
        text = header + ".." + signature
    }

    /// The compact JWS `compact` (`header.payload.signature`) without its payload; nil when it has not three
    /// parts.
    public init?<Bytes: Collection>(compact: Bytes) where Bytes.Element == UInt8 {
        let dot = UInt8(ascii: ".")
        guard let first = compact.firstIndex(of: dot) else { return nil }
        let rest = compact[compact.index(after: first)...]
        guard let second = rest.firstIndex(of: dot),
            !compact[compact.index(after: second)...].contains(dot)
        else { return nil }
        text = String(decoding: compact[..<first], as: UTF8.self) + ".."
            + String(decoding: compact[compact.index(after: second)...], as: UTF8.self)
    }

    /// `text` as stored; nil unless it is two base64url parts around `..`.
    public init?(stored text: String) {
        let parts = text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 3, parts[1].isEmpty, !parts[0].isEmpty, !parts[2].isEmpty,
            Base64URL.decode(parts[0]) != nil, Base64URL.decode(parts[2]) != nil
        else { return nil }
        self.text = text
    }

    /// The compact JWS again, with `payload` encoded in its place: the bytes `/manifest` serves.
    public func attaching(payload: [UInt8]) -> [UInt8] {
        let (header, signature) = parts
        var compact: [UInt8] = []
        compact.reserveCapacity(text.utf8.count + (payload.count + 2) / 3 * 4)
        compact.append(contentsOf: header)
        compact.append(UInt8(ascii: "."))
        Base64URL.append(payload, to: &compact)
        compact.append(UInt8(ascii: "."))
        compact.append(contentsOf: signature)
        return compact
    }

    /// The length of `attaching(payload:)` for a payload of `count` bytes, without encoding it.
    public func compactLength(payloadCount count: Int) -> Int {
        text.utf8.count + count / 3 * 4 + (count % 3 == 0 ? 0 : count % 3 + 1)
    }

    private var parts: (header: Substring.UTF8View, signature: Substring.UTF8View) {
        let range = text.range(of: "..")!
        return (text[..<range.lowerBound].utf8, text[range.upperBound...].utf8)
    }
}
