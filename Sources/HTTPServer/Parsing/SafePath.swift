/// A request path decoded into segments that are safe to join under a served directory.
///
/// `init?(percentEncodedPath:)` returns nil — the caller answers 404 or 400 — for a path that does not
/// start with `/`, has an invalid `%` escape (RFC 3986 §2.1), or has a segment that, once decoded, is `.` or
/// `..` (RFC 3986 §3.3 dot-segments: clients remove them before sending, so one that arrives, encoded or
/// not, is a traversal attempt), contains `/` (from `%2F`, which would smuggle a separator into a
/// segment), a backslash, NUL or any other control byte, or is not valid UTF-8. Empty segments (`//`) are
/// dropped. A path joined from the remaining segments therefore names something inside the directory.
public struct SafePath: Sendable, Equatable {
    /// Decoded segments, none empty, `.`, `..`, or containing `/`, `\`, or a control byte.
    public let segments: [String]
    /// Whether the path ended in `/` (a directory was asked for).
    public let hasTrailingSlash: Bool

    public init?(percentEncodedPath path: String) {
        var utf8 = path.utf8[...]
        guard utf8.first == HTTPGrammar.slash else { return nil }
        var segments: [String] = []
        var decoded: [UInt8] = []
        while !utf8.isEmpty {
            utf8 = utf8.dropFirst()  // the "/"
            let end = utf8.firstIndex(of: HTTPGrammar.slash) ?? utf8.endIndex
            let encoded = utf8[..<end]
            utf8 = utf8[end...]
            // An escape always decodes to a byte, so only an empty encoded segment is empty (`//`).
            if encoded.isEmpty { continue }
            let segment: String?
            if encoded.contains(HTTPGrammar.percent) {
                guard Self.percentDecode(encoded, into: &decoded) else { return nil }
                segment = Self.isSafeSegment(decoded) ? String(validating: decoded, as: UTF8.self) : nil
            } else {
                // Nothing to decode (the usual case): the segment is a slice of a valid string between
                // two slashes, so it is valid UTF-8 and needs no copy into `decoded` first.
                segment = Self.isSafeSegment(encoded) ? String(Substring(encoded)) : nil
            }
            guard let segment else { return nil }
            segments.append(segment)
        }
        self.segments = segments
        self.hasTrailingSlash = path.utf8.count > 1 && path.utf8.last == HTTPGrammar.slash
    }

    /// The segments joined with `/`, without a leading slash: `""` for the root.
    public var relativePath: String { segments.joined(separator: "/") }

    /// `root` followed by the segments, e.g. `/srv/public` + `a/b.txt` → `/srv/public/a/b.txt`.
    public func fileSystemPath(under root: String) -> String {
        var path = root
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        for segment in segments {
            if !path.hasSuffix("/") { path += "/" }
            path += segment
        }
        return path
    }

    /// Replaces `decoded` with the bytes of `encoded` after percent-decoding; false on a bad escape.
    private static func percentDecode(_ encoded: Substring.UTF8View.SubSequence, into decoded: inout [UInt8]) -> Bool {
        decoded.removeAll(keepingCapacity: true)
        var index = encoded.startIndex
        while index < encoded.endIndex {
            let byte = encoded[index]
            index = encoded.index(after: index)
            guard byte == HTTPGrammar.percent else {
                decoded.append(byte)
                continue
            }
            guard index < encoded.endIndex, let high = HTTPGrammar.hexValue(encoded[index]) else { return false }
            index = encoded.index(after: index)
            guard index < encoded.endIndex, let low = HTTPGrammar.hexValue(encoded[index]) else { return false }
            index = encoded.index(after: index)
            decoded.append(high << 4 | low)
        }
        return true
    }

    /// Whether a decoded, non-empty segment may reach the file system: not `.` or `..`, and no separator
    /// or control byte.
    private static func isSafeSegment<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        if bytes.count <= 2 && bytes.allSatisfy({ $0 == UInt8(ascii: ".") }) { return false }
        return !bytes.contains { $0 < 0x20 || $0 == 0x7F || $0 == HTTPGrammar.slash || $0 == UInt8(ascii: "\\") }
    }
}
