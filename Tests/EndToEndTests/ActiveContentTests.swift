import Foundation
import CDNSimulation
import Testing

/// Issue 19 item 6: a pack uploaded as `text/html` or `image/svg+xml` ran its script when opened at
/// `/packs/{id}` in Chromium: stored XSS on the server's origin. Now pack and blob answers carry `nosniff`,
/// `Content-Security-Policy: sandbox` and, for such types, `Content-Disposition: attachment` (docs/http.md
/// "Browsers"), and the same bytes do not run, neither by id nor by digest. The script shows it
/// did run by its page title and by asking PackServe for `/ran/{id}`, which the access log would show.
@Suite struct ActiveContent {
    @Test func uploadedHTMLAndSVGDoNotRunInChromium() async throws {
        let store = try StoreWorkspace()
        let bodies = [
            ("page", "text/html; charset=utf-8",
             "<!doctype html><title>pack</title><script>document.title='ran';fetch('/ran/page')</script>"),
            ("logo", "image/svg+xml",
             "<svg xmlns=\"http://www.w3.org/2000/svg\"><script>document.title='ran';fetch('/ran/logo')</script></svg>"),
        ]
        var packs: [[String: Any]] = []
        for (id, type, body) in bodies {
            let file = store.directory.file("\(id).bin")
            try Data(body.utf8).write(to: URL(fileURLWithPath: file))
            try await store.run(["add", file, "--id", id, "--content-type", type])
            let sha256 = try await ExternalTool.sha256(of: file)
            packs.append(["id": id, "type": type, "body": body, "paths": ["/packs/\(id)", "/blobs/sha256/\(sha256)"]])
        }
        try await store.run(["publish"])
        let server = try await store.serve()
        try await server.awaitRelease(1)
        let argument = String(decoding: try JSONSerialization.data(withJSONObject: packs), as: UTF8.self)
        let checked = try await ChildProcess.run(
            try ExternalTool.path(of: "python3"), [ActiveContentScript.script, server.url(""), argument],
            timeout: .seconds(120))
        #expect(checked.stdout.text.hasPrefix("OK controls ran: ['logo', 'page']"), "\(checked.stdout.text) \(checked.stderr.text)")
        #expect(server.logLines(containing: "/ran/").isEmpty, "\(server.logLines(containing: "/ran/"))")
        #expect(try await server.stop() == 0)
    }
}
