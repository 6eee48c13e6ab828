/// Content types by file extension for static files (the catalog page, `Public/`). Packs carry their own
/// content type from the index; this table is only the fallback for files on disk.
public enum MediaTypes {
    /// The default for unknown extensions (RFC 9110 §8.3: a recipient may not sniff it into something
    /// executable, and a download client treats it as opaque bytes).
    public static let defaultType = "application/octet-stream"

    /// Lowercased extension (no dot) → media type. Text types name their charset so browsers do not guess.
    static let byExtension: [String: String] = [
        // Web page
        "html": "text/html; charset=utf-8",
        "htm": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",  // RFC 9239
        "mjs": "text/javascript; charset=utf-8",
        "json": "application/json",
        "map": "application/json",
        "webmanifest": "application/manifest+json",
        "wasm": "application/wasm",
        "txt": "text/plain; charset=utf-8",
        "md": "text/markdown; charset=utf-8",
        "csv": "text/csv; charset=utf-8",
        "xml": "application/xml",
        "pdf": "application/pdf",
        // Images and fonts
        "png": "image/png",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "gif": "image/gif",
        "webp": "image/webp",
        "avif": "image/avif",
        "svg": "image/svg+xml",
        "ico": "image/vnd.microsoft.icon",
        "woff": "font/woff",
        "woff2": "font/woff2",
        "ttf": "font/ttf",
        "otf": "font/otf",
        // Audio and video
        "mp3": "audio/mpeg",
        "m4a": "audio/mp4",
        "mp4": "video/mp4",
        "webm": "video/webm",
        // Archives and packs
        "zip": "application/zip",
        "gz": "application/gzip",
        "tar": "application/x-tar",
        // Apple Archive (`ba-package` output) has no registered media type: opaque bytes.
        "aar": "application/octet-stream",
        "jws": "application/jose",
        "jwt": "application/jwt",
        "plist": "application/x-plist",
    ]

    /// The media type for a file extension (without the dot, any case), or `defaultType`.
    public static func forExtension(_ fileExtension: some StringProtocol) -> String {
        Array(fileExtension.utf8).withUnsafeBufferPointer { forExtension($0) }
    }

    /// The media type for the last path segment's extension: `a/b/site.CSS` → `text/css; charset=utf-8`.
    /// A name without a dot, or a dotfile such as `.env`, has no extension and gets `defaultType`.
    /// Generic over the text, so inlinable: a caller in another module (static files) gets the version for its
    /// `String` rather than the generic one (scripts/bench-hotpath measured the difference).
    @inlinable
    public static func forPath(_ path: some StringProtocol) -> String {
        var path = String(path)
        return path.withUTF8(forPath(utf8:))
    }

    @usableFromInline
    static func forPath(utf8 bytes: UnsafeBufferPointer<UInt8>) -> String {
        // Back from the end to the last `.` or `/`: static files look this up for every response.
        var dot = bytes.count
        while dot > 0 && bytes[dot - 1] != UInt8(ascii: ".") && bytes[dot - 1] != UInt8(ascii: "/") { dot -= 1 }
        guard dot > 1, bytes[dot - 1] == UInt8(ascii: "."), bytes[dot - 2] != UInt8(ascii: "/") else { return defaultType }
        return forExtension(UnsafeBufferPointer(rebasing: bytes[dot...]))
    }

    private static func forExtension(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard let key = ExtensionKey(bytes) else { return defaultType }
        return byKey[key] ?? defaultType
    }

    /// `byExtension` keyed by packed bytes: a lookup hashes two integers and makes no string.
    private static let byKey = Dictionary(uniqueKeysWithValues: byExtension.map { ext, type in
        (Array(ext.utf8).withUnsafeBufferPointer { ExtensionKey($0)! }, type)
    })

    /// An extension of up to 15 bytes, lowercased, packed with its length into two integers (longer ones
    /// are in no table).
    private struct ExtensionKey: Hashable {
        var low: UInt64 = 0
        var high: UInt64

        init?(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard bytes.count < 16 else { return nil }
            high = UInt64(bytes.count) << 56
            for (index, byte) in bytes.enumerated() {
                let lower = UInt64(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
                if index < 8 { low |= lower << (8 * UInt64(index)) } else { high |= lower << (8 * UInt64(index - 8)) }
            }
        }
    }
}
