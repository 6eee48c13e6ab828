import Foundation
import Testing

@testable import PackServer

/// Issue 20, item 7: syntax and type mistakes were reported as `config.json:LINE:COLUMN: key: problem`, but a
/// value out of range as `config key '…': …` without the file or where, and a missing config.json gave no
/// hint about `--config`. Every kind now reads `FILE:LINE:COLUMN: key: problem`, or `FILE: key: problem`
/// when the value is not in the file.
@Suite struct ConfigurationErrorStyleTests {
    /// Loads `json` as config.json in a fresh directory; the error's text with that directory taken out.
    private func error(_ json: String, environment: [String: String] = [:]) async -> String? {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("style-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: directory.appendingPathComponent("Public"), withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("config.json").path
        try! Data(json.utf8).write(to: URL(fileURLWithPath: path))
        do {
            _ = try await PackServeConfiguration.load(path: path, environment: environment)
            return nil
        } catch {
            return error.description.replacingOccurrences(of: directory.path + "/", with: "")
        }
    }

    @Test func aRangeProblemGivesTheFileLineAndColumnLikeATypeProblem() async {
        let json = """
            {
              "listen": {"port": 8000},
              "limits": {"maxRanges": 0}
            }
            """
        #expect(await error(json) == "config.json:3:27: limits.maxRanges: must be between 1 and 1000, not 0")
        #expect(await error(#"{"listen": {"port": "x"}}"#) == #"config.json:1:21: listen.port: must be a whole number, not "x""#)
        #expect(await error(#"{"publicBaseURL": "http://elsewhere.example"}"#)
            == "config.json:1:19: publicBaseURL: host elsewhere.example is not in allowedHosts")
        #expect(await error(#"{"logLevel": "loud"}"#)?.hasPrefix("config.json:1:14: logLevel: must be \"trace\", \"debug\", ") == true)
    }

    @Test func aProblemOutsideTheFileNamesTheFileAndTheVariable() async {
        #expect(await error("{}", environment: ["PACKSERVE_LIMITS_MAXRANGES": "0"])
            == "config.json: limits.maxRanges (from PACKSERVE_LIMITS_MAXRANGES): must be between 1 and 1000, not 0")
    }

    @Test func aSyntaxErrorHasALineAndColumnAndNoFoundationDump() async throws {
        let message = try #require(await error("{\n  \"listen\": {\"port\": 8000},\n}"))
        #expect(message.hasPrefix("config.json:3:1: "), "\(message)")
        #expect(!message.contains("NSCocoaErrorDomain") && !message.contains("\n"), "\(message)")
    }

    @Test func aMissingFileSaysHowToNameAnother() async throws {
        let missing = "no-such-\(UUID().uuidString).json"
        await #expect {
            _ = try await PackServeConfiguration.load(path: missing, environment: [:])
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("config file not found: \(missing) (in \(FileManager.default.currentDirectoryPath))")
                && text.contains("--config") && text.contains("PACKSERVE_CONFIG")
        }
    }
}
