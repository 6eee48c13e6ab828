import Foundation
import HTTPServer
import PackStore
import Testing

@testable import PackServer

/// Issue 19 item 6: an uploaded HTML or SVG pack must not run on the server's origin. Pack and blob answers
/// with bytes (200, 206, 304, HEAD) carry `nosniff` and a sandbox policy, and active types are attachments
/// (docs/http.md "At a glance"); the public directory carries the catalog page's policy.
@Suite struct BrowserSafetyFieldsTests {
    let fixture: ResponderFixture

    init() throws {
        fixture = try ResponderFixture()
    }

    /// Every way the bytes can be answered.
    private func answers(_ path: String, sha256: String) -> [(String, HTTPResponse)] {
        [
            ("GET", fixture.request(path)),
            ("HEAD", fixture.request(path, method: .head)),
            ("range", fixture.request(path, headers: [("range", "bytes=0-3")])),
            ("ranges", fixture.request(path, headers: [("range", "bytes=0-1,3-4")])),
            ("304", fixture.request(path, headers: [("if-none-match", "\"\(sha256)\"")])),
        ]
    }

    @Test func activeTypesAreSandboxedAttachments() throws {
        let store = fixture.store
        let script = "<script>document.title = 'ran'</script>"
        let packs = [
            ("page", "text/html"), ("upper", "TEXT/HTML; charset=UTF-8"), ("logo", "image/svg+xml"),
            ("feed", "application/atom+xml"), ("code", "text/javascript"),
        ]
        var digests: [String: String] = [:]
        for (id, type) in packs {
            digests[id] = try store.add(file: fixture.file(id, script + id), id: id, contentType: type).sha256
        }
        try fixture.publishAndServe()
        for (id, type) in packs {
            for path in ["/packs/\(id)", "/blobs/sha256/\(digests[id]!)"] {
                for (label, response) in answers(path, sha256: digests[id]!) {
                    let context = "\(label) \(path) (\(type)): \(response.status) \(response.headers.fields)"
                    #expect([.ok, .partialContent, .notModified].contains(response.status), "\(context)")
                    #expect(response.headers["x-content-type-options"] == "nosniff", "\(context)")
                    #expect(response.headers["content-security-policy"] == "sandbox", "\(context)")
                    #expect(response.headers["content-disposition"] == "attachment", "\(context)")
                }
            }
        }
    }

    @Test func opaqueBytesAreSandboxedButInline() {
        let sha256 = fixture.tutorial.sha256
        for path in ["/packs/Tutorial", "/blobs/sha256/\(sha256)"] {
            for (label, response) in answers(path, sha256: sha256) {
                let context = "\(label) \(path): \(response.status) \(response.headers.fields)"
                #expect(response.headers["content-type"] == nil || label == "ranges"
                    || response.headers["content-type"] == "application/octet-stream", "\(context)")
                #expect(response.headers["x-content-type-options"] == "nosniff", "\(context)")
                #expect(response.headers["content-security-policy"] == "sandbox", "\(context)")
                #expect(response.headers["content-disposition"] == nil, "\(context)")
            }
        }
    }

    /// The catalog page may run its own script files only: no inline script, nothing from elsewhere.
    @Test func thePublicDirectoryAllowsOnlyItsOwnScripts() throws {
        for response in [fixture.request("/"), fixture.request("/", method: .head), fixture.request("/index.html")] {
            #expect(response.status == .ok)
            let policy = response.headers["content-security-policy"] ?? ""
            #expect(policy.hasPrefix("default-src 'self';") && !policy.contains("unsafe-"), "\(policy)")
            #expect(policy.contains("object-src 'none'") && policy.contains("base-uri 'none'"), "\(policy)")
            #expect(response.headers["x-content-type-options"] == "nosniff")
            #expect(response.headers["content-disposition"] == nil)
        }
        // Its script and style files are no documents: nosniff alone.
        for name in ["catalog.js", "catalog.css"] {
            try fixture.file("public/\(name)", "/* \(name) */")
        }
        for path in ["/catalog.js", "/catalog.css"] {
            let response = fixture.request(path)
            #expect(response.status == .ok, "\(path)")
            #expect(response.headers["x-content-type-options"] == "nosniff", "\(path)")
            #expect(response.headers["content-security-policy"] == nil, "\(path)")
        }
    }
}
