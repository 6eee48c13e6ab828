import Foundation
import ObjectStorage
import Testing

@Suite struct S3CredentialsTests {
    let keys = S3Credentials(accessKeyID: "AKID", secretAccessKey: "se=cret/+")

    @Test func twoLinesWithCommentsAndCRLF() throws {
        let text = "# for the bucket\naccess_key_id=AKID\r\n\nsecret_access_key=se=cret/+\n"
        #expect(try S3Credentials.parse(text, file: "f") == keys)
    }

    @Test(arguments: [
        ("access_key_id=A\n", "f: needs both access_key_id= and secret_access_key="),
        ("access_key_id=A\nsecret_access_key=B\naccess_key_id=C", "f:3: access_key_id given twice"),
        ("access_key=A\nsecret_access_key=B", "f:1: unknown name \"access_key\" (access_key_id or secret_access_key)"),
        ("access_key_id A", "f:1: expected name=value"),
        ("access_key_id=\nsecret_access_key=B", "f:1: access_key_id is empty"),
    ])
    func malformedFilesAreRefusedWithTheLine(text: String, message: String) {
        #expect(throws: ObjectStorageError(.credentials, message)) { try S3Credentials.parse(text, file: "f") }
    }

    @Test func aFileOthersMayReadIsRefused() throws {
        let file = try temporaryFile("access_key_id=AKID\nsecret_access_key=se=cret/+\n")
        defer { try? FileManager.default.removeItem(atPath: file) }
        chmod(file, 0o644)
        let error = #expect(throws: ObjectStorageError.self) { try S3Credentials.read(file: file) }
        #expect(error?.detail.contains("has mode 644") == true)
        chmod(file, 0o600)
        #expect(try S3Credentials.read(file: file) == keys)
        chmod(file, 0o400)
        #expect(try S3Credentials.read(file: file) == keys)
    }

    @Test func theEnvironmentWhenNoFileIsNamed() throws {
        let environment = ["PACKSERVE_S3_ACCESS_KEY_ID": "AKID", "PACKSERVE_S3_SECRET_ACCESS_KEY": "se=cret/+"]
        #expect(try S3Credentials.load(file: nil, environment: environment) == keys)
        #expect(throws: ObjectStorageError.self) {
            try S3Credentials.load(file: nil, environment: ["PACKSERVE_S3_ACCESS_KEY_ID": "AKID"])
        }
    }

    @Test func aNamedFileWinsOverTheEnvironment() throws {
        let file = try temporaryFile("access_key_id=AKID\nsecret_access_key=se=cret/+\n")
        defer { try? FileManager.default.removeItem(atPath: file) }
        chmod(file, 0o600)
        let environment = ["PACKSERVE_S3_ACCESS_KEY_ID": "OTHER", "PACKSERVE_S3_SECRET_ACCESS_KEY": "OTHER"]
        #expect(try S3Credentials.load(file: file, environment: environment) == keys)
    }

    @Test func aMissingFileIsNamed() {
        let error = #expect(throws: ObjectStorageError.self) { try S3Credentials.read(file: "/nonexistent/s3") }
        #expect(error?.detail.hasPrefix("cannot read /nonexistent/s3") == true)
    }

    private func temporaryFile(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("s3-credentials-\(UUID().uuidString)").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }
}
