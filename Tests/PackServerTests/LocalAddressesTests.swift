import Foundation
import Testing

@testable import PackServer

/// Issue 20, item 4: a device on the LAN got 421 from the shipped config (only `localhost` and
/// `127.0.0.1`, not even `[::1]`). `@local` in allowedHosts stands for every address of the machine's
/// interfaces, read at start-up; the shipped config.json uses it.
@Suite struct LocalAddressesTests {
    /// What `hostname -I` lists: the addresses of every interface but loopback (and IPv6 link-local ones).
    private func hostnameAddresses() throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["hostname", "-I"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        return text.split(whereSeparator: \.isWhitespace).map(String.init)
    }

    @Test func atLocalAllowsLoopbackAndEveryAddressOfTheMachine() throws {
        let list = HostAllowList(["localhost", "@local"])
        for host in ["localhost", "127.0.0.1", "127.0.0.1:8080", "::1", "[::1]", "[::1]:8443"] {
            #expect(list.allows(host), "\(host)")
        }
        for address in try hostnameAddresses() where !address.lowercased().hasPrefix("fe80:") {
            let host = address.contains(":") ? "[\(address)]:8080" : "\(address):8080"
            #expect(list.allows(host), "\(host)")
        }
        for host in ["example.com", "@local", "192.0.2.99", "[2001:db8::99]"] {
            #expect(!list.allows(host), "\(host)")
        }
    }

    @Test func theShippedConfigurationAnswersForTheMachinesAddresses() async throws {
        let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("config.json").path
        let config = try await PackServeConfiguration.load(path: shipped, environment: [:])
        let check = HostAllowList(config.allowedHosts)
        for host in ["localhost:8080", "127.0.0.1:8080", "[::1]:8080"] + (try hostnameAddresses()).filter { !$0.contains(":") } {
            #expect(check.allows(host), "\(host)")
        }
    }

    @Test func anotherAtEntryIsRefused() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("local-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("Public"), withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("config.json").path
        try Data(#"{"allowedHosts": ["localhost", "@lan"]}"#.utf8).write(to: URL(fileURLWithPath: path))
        await #expect(throws: ConfigurationError.self) {
            _ = try await PackServeConfiguration.load(path: path, environment: [:])
        }
    }
}
