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
        // Extensions are nearly always lower case already: then no lowercased copy is made.
        let isLower = !fileExtension.utf8.contains { $0 >= 0x41 && $0 <= 0x5A }
        return byExtension[isLower ? String(fileExtension) : fileExtension.lowercased()] ?? defaultType
    }

    /// The media type for the last path segment's extension: `a/b/site.CSS` → `text/css; charset=utf-8`.
    /// A name without a dot, or a dotfile such as `.env`, has no extension and gets `defaultType`.
    /// Static files look this up for every response, so `/` and `.` are searched as bytes (a Character
    /// search walks grapheme clusters).
    public static func forPath(_ path: some StringProtocol) -> String {
        let utf8 = Substring(path).utf8
        let nameStart = utf8.lastIndex(of: UInt8(ascii: "/")).map(utf8.index(after:)) ?? utf8.startIndex
        guard let dot = utf8[nameStart...].lastIndex(of: UInt8(ascii: ".")), dot != nameStart else { return defaultType }
        return forExtension(Substring(utf8[utf8.index(after: dot)...]))
    }
}
