/// One representation of a file resource, as the file responder serves it: the open file plus the
/// metadata that describes it (RFC 9110 §8: content type, validators, caching).
public struct FileRepresentation: Sendable {
    public var file: OpenFile
    public var contentType: String
    /// Sent as `ETag`, compared by If-Match / If-None-Match / If-Range.
    public var entityTag: EntityTag
    /// Whole seconds since 1970, sent as `Last-Modified`.
    public var lastModified: Int64
    /// Sent as `Cache-Control` when non-nil.
    public var cacheControl: String?

    public init(file: OpenFile, contentType: String, entityTag: EntityTag, lastModified: Int64, cacheControl: String? = nil) {
        self.file = file
        self.contentType = contentType
        self.entityTag = entityTag
        self.lastModified = lastModified
        self.cacheControl = cacheControl
    }

    /// A static file on disk: content type from the path's extension, Last-Modified from the file's
    /// mtime and a strong ETag derived from mtime and size.
    public static func staticFile(_ file: OpenFile, path: String, cacheControl: String? = nil) -> FileRepresentation {
        FileRepresentation(
            file: file,
            contentType: MediaTypes.forPath(path),
            entityTag: staticEntityTag(modificationTime: file.modificationTime, size: file.size),
            lastModified: file.modificationTime,
            cacheControl: cacheControl)
    }

    /// `"<hex mtime>-<hex size>"` (the nginx scheme). Strong, which is a small bet: a file rewritten
    /// within the same second to the same size would keep its tag. Static files are deployed, not edited
    /// in place, and a strong tag is what lets download clients resume with If-Range (§13.1.5).
    public static func staticEntityTag(modificationTime: Int64, size: Int64) -> EntityTag {
        let tag = String(UInt64(bitPattern: modificationTime), radix: 16) + "-" + String(UInt64(bitPattern: size), radix: 16)
        // Hex digits and a dash are always valid etagc.
        return EntityTag(opaqueTag: tag)!
    }
}
