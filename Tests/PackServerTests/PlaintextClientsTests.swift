import Foundation
import HTTP1
import HTTPServer
import Logging
import PackStore
import Testing

@testable import PackServer

/// Issue 20, item 9: plain-HTTP admin requests from the Docker host reach the container from the bridge
/// (172.17.0.1), not loopback, and were refused. `admin.plaintextClients` lists the client networks whose
/// plain-HTTP admin requests are answered (default loopback only).
@Suite struct PlaintextClientsTests {
    private static let logger = Logger(label: "plaintext-tests") { _ in SwiftLogNoOpLogHandler() }

    /// The status of a plain-HTTP admin request without credentials from `address`: 401 when the client
    /// may use plain HTTP (the token is what is missing), 403 when it must use HTTPS.
    private func status(from address: String, limits: AdminLimits) throws -> Int {
        let store = try PackStore(
            dataDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("plaintext-\(UUID().uuidString)"))
        let admin = AdminAPI(store: store, signer: nil, limits: limits, logger: Self.logger)
        let origin = RequestOrigin(peer: .init(address: address, isLoopback: address == "127.0.0.1"), isSecure: false)
        let head = HTTPRequestHead(method: .get, target: "/admin/draft", path: "/admin/draft", headers: [:])
        return admin.respond(to: HTTPRequest(head: head, origin: origin)).status.code
    }

    @Test func theDefaultAnswersLoopbackOnly() throws {
        #expect(try status(from: "127.0.0.1", limits: AdminLimits()) == 401)
        #expect(try status(from: "::1", limits: AdminLimits()) == 401)
        #expect(try status(from: "172.17.0.1", limits: AdminLimits()) == 403)
    }

    @Test func aConfiguredBridgeIsAnswered() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plaintext-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("Public"), withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("config.json").path
        try Data(#"{"admin": {"plaintextClients": ["127.0.0.0/8", "::1", "172.17.0.0/16"]}}"#.utf8)
            .write(to: URL(fileURLWithPath: path))
        let limits = try await PackServeConfiguration.load(path: path, environment: [:]).adminLimits
        #expect(try status(from: "172.17.0.1", limits: limits) == 401)
        #expect(try status(from: "::ffff:172.17.3.4", limits: limits) == 401)
        #expect(try status(from: "172.18.0.1", limits: limits) == 403)
        #expect(try status(from: "10.0.0.1", limits: limits) == 403)
    }

    @Test(arguments: ["172.17.0.0/33", "172.17.0.0/", "docker", "::1/129", "10.0.0.0/8 "])
    func aMalformedEntryIsRefusedNamingTheKey(entry: String) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plaintext-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("Public"), withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("config.json").path
        try Data(#"{"admin": {"plaintextClients": ["\#(entry)"]}}"#.utf8).write(to: URL(fileURLWithPath: path))
        await #expect {
            _ = try await PackServeConfiguration.load(path: path, environment: [:])
        } throws: { error in
            "\(error)".contains("admin.plaintextClients: ")
        }
    }
}
