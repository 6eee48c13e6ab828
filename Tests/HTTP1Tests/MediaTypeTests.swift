import Testing
@testable import HTTP1

/// Content type by extension for static files.
struct MediaTypeTests {
    @Test(arguments: [
        ("/index.html", "text/html; charset=utf-8"),
        ("/a/b/site.CSS", "text/css; charset=utf-8"),
        ("/app.js", "text/javascript; charset=utf-8"),
        ("/data.json", "application/json"),
        ("/logo.png", "image/png"),
        ("/photo.JPG", "image/jpeg"),
        ("/icon.svg", "image/svg+xml"),
        ("/readme.txt", "text/plain; charset=utf-8"),
        ("/pack.zip", "application/zip"),
        ("/pack.aar", "application/octet-stream"),
        ("/module.wasm", "application/wasm"),
        ("/archive.tar.gz", "application/gzip"),
        ("/noextension", "application/octet-stream"),
        ("/.env", "application/octet-stream"),
        ("/dir.d/file", "application/octet-stream"),
        ("/file.unknownext", "application/octet-stream"),
        ("/trailingdot.", "application/octet-stream"),
        ("relative.html", "text/html; charset=utf-8"),
        ("/app.WebManifest", "application/manifest+json"),
        ("/x.abcdefghijklmnopqrstuvwxyz", "application/octet-stream"),
        ("/x.abcdefghijklmnop", "application/octet-stream"),
        (".html", "application/octet-stream"),
        ("/a.html/", "application/octet-stream"),
    ])
    func mapsPathToMediaType(path: String, expected: String) {
        #expect(MediaTypes.forPath(path) == expected)
    }

    @Test func everyTypeInTheTableIsWellFormed() {
        for (ext, type) in MediaTypes.byExtension {
            #expect(ext == ext.lowercased() && !ext.contains("."), "extension \(ext)")
            #expect(type.split(separator: "/").count == 2, "type \(type)")
            #expect(MediaTypes.forExtension(ext.uppercased()) == type)
        }
    }

    /// Issue 19 item 6: the types a browser would run, or render as a document that can run script, whatever
    /// their case, parameters or surrounding whitespace; opaque and passive types are not.
    @Test(arguments: [
        ("text/html", true), ("TEXT/HTML; charset=utf-8", true), (" text/html ;charset=x", true),
        ("text/html;charset=utf-8", true), ("application/xhtml+xml", true), ("image/svg+xml", true),
        ("IMAGE/SVG+XML", true), ("text/xml", true), ("application/xml", true), ("application/atom+xml", true),
        ("text/javascript", true), ("application/javascript", true), ("application/x-javascript", true),
        ("text/ecmascript", true), ("application/pdf", true), ("multipart/x-mixed-replace; boundary=x", true),
        ("text/xsl", true), ("html", true), ("", true),
        ("application/octet-stream", false), ("application/zip", false), ("image/png", false),
        ("text/plain; charset=utf-8", false), ("application/json", false), ("text/css", false),
        ("application/x-aar", false), ("application/html", false), ("text/htmlx", false), ("+xml/a", false),
    ])
    func activeContent(type: String, isActive: Bool) {
        #expect(MediaTypes.rendersActiveContent(type) == isActive, "\(type)")
    }

    /// A type whatever its case, parameters and optional whitespace (RFC 9110 §8.3.1); nothing else after it.
    @Test(arguments: [
        ("application/json", true), ("Application/JSON", true), ("application/json; charset=utf-8", true),
        (" \tapplication/json ;charset=x", true), ("application/json;", true),
        ("application/jsonx", false), ("application/json x", false), ("application/json5", false),
        ("text/json", false), ("application/", false), ("", false), ("application/json\u{0}", false),
    ])
    func typeIgnoresCaseParametersAndWhitespace(type: String, isJSON: Bool) {
        #expect(MediaTypes.isType(type, "application/json") == isJSON, "\(type)")
    }
}
