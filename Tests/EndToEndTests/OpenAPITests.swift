import Foundation
import CDNSimulation
import Testing

/// Issue 12, done means 5: schemathesis (from PyPI, installed by scripts/test) generates requests from
/// docs/openapi.yaml — valid and invalid, every undeclared method, stateful sequences — against the real
/// binary and finds no server error and no answer the document does not allow (status, headers, content
/// type, body schema). Its `positive_data_acceptance` check is left out: it expects every schema-valid
/// request to succeed, which state forbids here (an unknown pack is 404, a second publish of the same
/// draft 409, a random `Content-Digest` names other bytes, 400) — all documented answers.
@Suite struct OpenAPIDocument {
    static let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/openapi.yaml").path

    /// A store with the document's example pack (`level-1`, private) published, a token with every scope.
    static func session() async throws -> AdminSession {
        try await AdminSession.start(tokens: ["all": "upload,publish,read,download,rollout,reports"]) { store in
            try await store.run(["add", try store.randomFile("level-1.bin", count: 5000), "--id", "level-1"])
            try await store.run(["set", "level-1", "--access", "private"])
            try await store.run(["publish"])
            return [:]
        }
    }

    static func schemathesis(_ document: String, _ session: AdminSession) throws -> ChildProcess {
        try ChildProcess(try ExternalTool.path(of: "schemathesis"), [
            "run", document, "--url", session.server.url(""),
            "-H", "Authorization: Bearer \(session.tokens["all"]!)",
            "--checks", "all", "--exclude-checks", "positive_data_acceptance",
            "--max-examples", "30", "--seed", "1", "--no-color", "--generation-database", "none",
        ], environment: ProcessInfo.processInfo.environment.merging(["SCHEMATHESIS_TELEMETRY": "false"]) { $1 },
        // Its cache of failures (.schemathesis/) goes to the test's temporary directory, not the repository,
        // so no run replays another's.
        directory: session.store.directory.path)
    }

    @Test func theServerAnswersAsTheDocumentSays() async throws {
        let session = try await Self.session()
        let run = try Self.schemathesis(Self.document, session)
        let status = try await run.exitStatus(within: .seconds(300))
        #expect(status == 0, "\(run.stdout.text.suffix(6000))\(run.stderr.text.suffix(2000))")
        #expect(run.stdout.text.contains("Tested: 16"), "every operation was exercised: \(run.stdout.text.suffix(2000))")
    }

    /// The same run against a copy of the document that gets the pack object wrong (`size` a string)
    /// must fail: the check above can tell a contradiction when it sees one.
    @Test func aDocumentThatContradictsTheServerFails() async throws {
        let session = try await Self.session()
        let document = try String(contentsOfFile: Self.document, encoding: .utf8)
        let wrong = document.replacingOccurrences(
            of: "size: {type: integer, minimum: 0}", with: "size: {type: string}")
        #expect(wrong != document)
        let path = session.store.directory.file("wrong-openapi.yaml")
        try wrong.write(toFile: path, atomically: true, encoding: .utf8)
        let run = try Self.schemathesis(path, session)
        let status = try await run.exitStatus(within: .seconds(300))
        #expect(status != 0 && status != nil)
        #expect(run.stdout.text.contains("Response violates schema"), "\(run.stdout.text.suffix(3000))")
    }
}
