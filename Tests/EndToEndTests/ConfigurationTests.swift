import Foundation
import CDNSimulation
import PackServeTesting
import Testing

/// Startup configuration (docs/api.md "Configuration"): a bad value stops the server with one line
/// that names the key; the port can be overridden by environment and by flag.
@Suite struct Configuration {
    struct BadConfig: Sendable, CustomTestStringConvertible {
        var problem: String
        var overrides: [String: any Sendable]
        var key: String
        var testDescription: String { problem }
    }

    static let badConfigs = [
        BadConfig(problem: "unknown top-level key", overrides: ["colour": "blue"], key: "colour"),
        BadConfig(problem: "unknown nested key",
                  overrides: ["listen": ["host": "127.0.0.1", "port": 0, "prot": 8080] as [String: any Sendable]], key: "listen.prot"),
        BadConfig(problem: "wrong type", overrides: ["limits": ["maxRanges": "many"] as [String: any Sendable]], key: "limits.maxRanges"),
        BadConfig(problem: "port out of range",
                  overrides: ["listen": ["host": "127.0.0.1", "port": 70000] as [String: any Sendable]], key: "listen.port"),
    ]

    @Test(arguments: badConfigs)
    func badConfigExitsNonZeroWithOneLineNamingTheKey(_ bad: BadConfig) async throws {
        let work = try TemporaryDirectory()
        let settings = ServerSettings(
            publicDirectory: try work.directory("public"), dataDirectory: work.file("data"), overrides: bad.overrides)
        try settings.write(to: work.file("config.json"))
        let child = try ChildProcess(
            try PackServeBinary.path(), ["--config", work.file("config.json"), "serve"],
            environment: RunningPackServe.environment(adding: [:]), directory: work.path)
        let status = try await child.exitStatus(within: .seconds(30))
        #expect(status != nil && status != 0, "exit status \(String(describing: status))")
        let lines = child.stderr.lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(lines.count == 1, "stderr: \(lines)")
        #expect(lines.first?.contains(bad.key) == true, "stderr: \(lines)")
    }

    /// Issue 8: `signing.manifestLifetimeHours` near Int64.max passed validation and `publish` trapped
    /// (SIGILL) computing the expiry. Now the value is refused before anything is written.
    @Test func anOverflowingLifetimeIsRefusedInsteadOfCrashingPublish() async throws {
        let store = try StoreWorkspace()
        try await store.run(["add", try store.randomFile("a.bin", count: 1000), "--id", "a"])
        let huge = String(Int64.max - 1)
        let publish = try await store.attempt(
            ["publish"], environment: ["PACKSERVE_SIGNING_MANIFESTLIFETIMEHOURS": huge])
        #expect(publish.status == 1, "\(publish)")
        let lines = publish.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 1 && lines[0].hasPrefix("Error: \(store.configPath): ") && lines[0].hasSuffix(
            ": signing.manifestLifetimeHours (from PACKSERVE_SIGNING_MANIFESTLIFETIMEHOURS): must be between 1 and 87660, not \(huge)"),
            "\(publish)")
        let releases = try await store.run(["releases", "--json"])
        #expect(releases.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]", "\(releases)")
    }

    @Test func aMisspeltVariableIsRefusedAndVersionPrints() async throws {
        let store = try StoreWorkspace()
        let refused = try await store.attempt(["serve"], environment: ["PACKSERVE_LISTEN_PROT": "9000"])
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.stderr.split(separator: "\n").count == 1 && refused.stderr.contains("PACKSERVE_LISTEN_PROT"), "\(refused)")
        let version = try await store.run(["--version"])
        #expect(version.stdout.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil, "\(version)")
    }

    @Test func environmentOverridesTheConfiguredPort() async throws {
        let curl = try ExternalTool.curl()
        let port = try await FreePorts.pick(1)[0]
        let work = try TemporaryDirectory()
        let server = try await RunningPackServe(
            publicDirectory: try work.directory("public"), environment: ["PACKSERVE_LISTEN_PORT": String(port)])
        #expect(server.port == port)
        let health = try await ChildProcess.run(curl, ["-sS", "--fail", "-o", "/dev/null", "-w", "%{http_code}", server.url("/healthz")])
        #expect(health.stdout.text == "200")
        #expect(try await server.stop() == 0, "\(server.child.stderr.lines.suffix(3))")
    }

    @Test func portFlagOverridesTheEnvironmentAndTheFile() async throws {
        let curl = try ExternalTool.curl()
        let ports = try await FreePorts.pick(2)
        let work = try TemporaryDirectory()
        let server = try await RunningPackServe(
            publicDirectory: try work.directory("public"), serveArguments: ["--port", String(ports[1])],
            environment: ["PACKSERVE_LISTEN_PORT": String(ports[0])])
        #expect(server.port == ports[1])
        let health = try await ChildProcess.run(curl, ["-sS", "--fail", "-o", "/dev/null", "-w", "%{http_code}", server.url("/healthz")])
        #expect(health.stdout.text == "200")
        #expect(try await server.stop() == 0, "\(server.child.stderr.lines.suffix(3))")
    }
}
