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
        var path = path
        // Scanned as bytes in place: every static-file request and every parametric route decodes its path.
        guard let (segments, trailingSlash) = path.withUTF8(Self.segments(of:)) else { return nil }
        self.segments = segments
        hasTrailingSlash = trailingSlash
    }

    private static func segments(of bytes: UnsafeBufferPointer<UInt8>) -> ([String], Bool)? {
        guard bytes.first == HTTPGrammar.slash else { return nil }
        var segments: [String] = []
        var decoded: [UInt8] = []
        var start = 1
        while start <= bytes.count {
            let end = bytes[start...].firstIndex(of: HTTPGrammar.slash) ?? bytes.count
            let encoded = UnsafeBufferPointer(rebasing: bytes[start..<end])
            start = end + 1
            // An escape always decodes to a byte, so only an empty encoded segment is empty (`//`).
            if encoded.isEmpty { continue }
            let segment: String?
            if encoded.contains(HTTPGrammar.percent) {
                guard percentDecode(encoded, into: &decoded) else { return nil }
                segment = isSafeSegment(decoded) ? String(validating: decoded, as: UTF8.self) : nil
            } else {
                // Nothing to decode (the usual case): the bytes between two slashes of a valid string are
                // valid UTF-8 themselves.
                segment = isSafeSegment(encoded) ? String(decoding: encoded, as: UTF8.self) : nil
            }
            guard let segment else { return nil }
            segments.append(segment)
        }
        return (segments, bytes.count > 1 && bytes.last == HTTPGrammar.slash)
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
    private static func percentDecode(_ encoded: UnsafeBufferPointer<UInt8>, into decoded: inout [UInt8]) -> Bool {
        decoded.removeAll(keepingCapacity: true)
        var index = 0
        while index < encoded.count {
            let byte = encoded[index]
            index += 1
            guard byte == HTTPGrammar.percent else {
                decoded.append(byte)
                continue
            }
            guard index + 1 < encoded.count, let high = HTTPGrammar.hexValue(encoded[index]),
                let low = HTTPGrammar.hexValue(encoded[index + 1])
            else { return false }
            index += 2
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
