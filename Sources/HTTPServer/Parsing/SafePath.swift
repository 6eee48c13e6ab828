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
            guard Self.percentDecode(utf8[..<end], into: &decoded) else { return nil }
            utf8 = utf8[end...]
            if decoded.isEmpty { continue }
            guard let segment = Self.safeSegment(decoded) else { return nil }
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

    /// The decoded segment as a string, or nil when it must not reach the file system.
    private static func safeSegment(_ bytes: [UInt8]) -> String? {
        if bytes == [UInt8(ascii: ".")] || bytes == [UInt8(ascii: "."), UInt8(ascii: ".")] { return nil }
        for byte in bytes where byte < 0x20 || byte == 0x7F || byte == HTTPGrammar.slash || byte == UInt8(ascii: "\\") {
            return nil
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
