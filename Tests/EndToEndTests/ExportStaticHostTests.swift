import Foundation
import CDNSimulation
import Testing

extension EndToEnd {
    /// Issue 23: `packserve export DIR --base-url URL` writes a release that plain nginx serves from DIR, and
    /// `packserve verify --download` accepts it there, by both manifest forms.
    @Suite struct ExportStaticHost {
        @Test func anExportedReleasePassesVerifyServedByNginx() async throws {
            let store = try StoreWorkspace()
            let work = try TemporaryDirectory("packserve-e2e-export")
            for (id, bytes) in [("alpha", 300_000), ("beta", 1_200_000), ("gamma", 7)] {
                try await store.run(["add", try store.randomFile("\(id).bin", count: bytes), "--id", id, "--tag", "level1"])
            }
            try await store.run(["publish"])
            let port = try await FreePorts.pick(1)[0]
            let base = "http://127.0.0.1:\(port)"
            let root = work.file("site")
            let export = try await store.run(["export", root, "--base-url", base])
            #expect(export.stdout.contains("exported release 1 (manifest version 1)"), "\(export)")
            let nginx = try await StaticNginx(root: root, port: port)
            _ = nginx

            let publicKey = work.file("manifest-signing.pub")
            try await ChildProcess.run(try ExternalTool.path(of: "openssl"), [
                "pkey", "-in", "\(store.dataDirectory)/keys/manifest-signing.key", "-pubout", "-out", publicKey,
            ])
            for form in ["manifest.json", "manifest"] {
                let result = try await store.attempt([
                    "verify", "\(base)/releases/1/manifests/1/\(form)", "--download", "--key", publicKey,
                    "--into", work.file("downloads-\(form)"),
                ], timeout: .seconds(120))
                #expect(result.status == 0, "\(result)")
                #expect(result.lines.last == "3 of 3 packs verified: 1500007 bytes downloaded (1.4 MiB)", "\(result)")
            }
            // The pointer and the tag document are there for a reader of the directory too.
            let pointer = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: root + "/current.json")))
            #expect((pointer as? [String: Any])?["release"] as? Int == 1)
            #expect(FileManager.default.fileExists(atPath: root + "/releases/1/tags/level1"))
        }
    }
}
