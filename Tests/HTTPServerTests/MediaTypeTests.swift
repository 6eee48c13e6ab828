import Testing
@testable import HTTPServer

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
}
