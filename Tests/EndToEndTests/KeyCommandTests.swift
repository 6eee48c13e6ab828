import Foundation
import CDNSimulation
import Testing

/// Issue 20, item 3: the `verify` example of docs/device-testing.md needs the public half of the key
/// `serve` generated; `packserve key` prints it (PEM, key id, the raw base64 an app pins) and `--out`
/// writes the file `verify --key` reads, from the configured private key, without making a new pair.
@Suite struct KeyCommand {
    @Test func printsTheConfiguredKeyAndWritesTheFileVerifyReads() async throws {
        let port = try await FreePorts.pick(1)[0]
        let base = "http://127.0.0.1:\(port)"
        let store = try StoreWorkspace()
        let environment = ["PACKSERVE_PUBLICBASEURL": base]
        try await store.run(["add", try store.randomFile("level-1.bin", count: 1000), "--id", "level-1"])
        try await store.run(["publish"], environment: environment)
        let server = try await store.serve(environment: environment.merging(["PACKSERVE_LISTEN_PORT": "\(port)"]) { $1 })

        let printed = try await store.run(["key"])
        #expect(printed.lines.first == "-----BEGIN PUBLIC KEY-----", "\(printed)")
        let keyID = printed.lines.first { $0.hasPrefix("key id:") }?.split(separator: " ").last.map(String.init)
        let raw = printed.lines.first { $0.hasPrefix("raw public key (base64, for pinning in the app): ") }?
            .split(separator: " ").last.flatMap { Data(base64Encoded: String($0)) }
        #expect(raw?.count == 32, "\(printed)")

        // docs/device-testing.md's two lines, as written, from the workspace directory.
        let written = try await store.run(["key", "--out", "keys/manifest-signing.pub"])
        #expect(written.lines.first == "public key:  keys/manifest-signing.pub", "\(written)")
        let verified = try await store.attempt(["verify", "\(base)/manifest", "--key", "keys/manifest-signing.pub"])
        #expect(verified.status == 0, "\(verified)")
        #expect(verified.stdout.contains("signed by key \(keyID ?? "?"),"), "\(verified)")
        // Rerunning is harmless; the key itself was not replaced.
        #expect(try await store.attempt(["key", "--out", "keys/manifest-signing.pub"]).status == 0)
        #expect(try await store.run(["key"]).stdout == printed.stdout)
        #expect(try await server.stop() == 0)
    }
}
