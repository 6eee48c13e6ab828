extension MediaTypes {
    /// Whether a browser that navigates to a response of `contentType` would run it, or render it as a
    /// document that can run script: HTML, XML of any kind (XHTML, SVG, and every `+xml` type: an XML
    /// document may hold XHTML and script), XSLT, JavaScript under each of its names, PDF (viewers run its
    /// script and forms), `multipart/x-mixed-replace` (each part is rendered as its own type) and Flash. A
    /// value with no `/` is not a media type at all: a browser may guess, so it counts as active too. Compared
    /// case-insensitively on the type and subtype alone: parameters (`; charset=utf-8`) and surrounding
    /// whitespace are ignored (RFC 9110 §8.3.1).
    ///
    /// Such a pack is sent with `Content-Disposition: attachment` (RFC 6266 §4.2), so a browser saves it
    /// instead of opening it on the server's origin (docs/http.md "At a glance"). No string is made: the bytes
    /// are compared in place.
    public static func rendersActiveContent(_ contentType: String) -> Bool {
        var contentType = contentType
        return contentType.withUTF8 { bytes in
            var start = 0
            while start < bytes.count, isWhitespace(bytes[start]) { start += 1 }
            var end = start
            var hasSlash = false
            while end < bytes.count, bytes[end] != UInt8(ascii: ";"), !isWhitespace(bytes[end]) {
                if bytes[end] == UInt8(ascii: "/") { hasSlash = true }
                end += 1
            }
            guard hasSlash else { return true }
            let essence = UnsafeBufferPointer(rebasing: bytes[start..<end])
            if hasSuffix(essence, "+xml") { return true }
            return activeEssences.contains { equalIgnoringCase(essence, $0) }
        }
    }

    /// The active types that `+xml` does not already cover, lowercased.
    private static let activeEssences: [StaticString] = [
        "text/html", "text/xml", "application/xml", "text/xsl",
        "text/javascript", "application/javascript", "application/x-javascript", "text/x-javascript",
        "application/ecmascript", "text/ecmascript", "application/x-ecmascript", "text/x-ecmascript",
        "text/jscript", "text/livescript", "text/vbscript",
        "application/pdf", "multipart/x-mixed-replace", "application/x-shockwave-flash",
    ]

    private static func hasSuffix(_ bytes: UnsafeBufferPointer<UInt8>, _ suffix: StaticString) -> Bool {
        let count = suffix.utf8CodeUnitCount
        guard bytes.count > count else { return false }
        return equalIgnoringCase(UnsafeBufferPointer(rebasing: bytes[(bytes.count - count)...]), suffix)
    }
}
