import Foundation
import CDNSimulation
import Polling
import Testing

/// Issue 9: `packserve certs` checked by tools this project did not write. OpenSSL verifies the chain,
/// reads the names, usages and dates, matches the key, and completes a real TLS handshake with the
/// files; Python's plistlib reads the profile.
@Suite struct CertsCommand {
    static let hosts = ["localhost", "127.0.0.1", "::1", "assets.example.test"]

    @Test func opensslVerifiesTheLeafAgainstTheCAAndReadsItsNamesUsagesDatesAndKey() async throws {
        let (work, run) = try await Self.certs(hosts: Self.hosts)
        let verify = try await Self.openssl(["verify", "-CAfile", work.file("ca.pem"), work.file("server.pem")])
        #expect(verify == "\(work.file("server.pem")): OK\n")

        let leaf = try await Self.openssl(["x509", "-in", work.file("server.pem"), "-noout", "-text"])
        #expect(leaf.contains(
            "DNS:localhost, IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1, DNS:assets.example.test"))
        #expect(leaf.contains("TLS Web Server Authentication"))
        #expect(leaf.contains("CA:FALSE"))
        #expect(leaf.contains("ecdsa-with-SHA256"))
        let ca = try await Self.openssl(["x509", "-in", work.file("ca.pem"), "-noout", "-text"])
        #expect(ca.contains("CA:TRUE"))
        #expect(ca.contains("Certificate Sign, CRL Sign"))

        // Valid for at most 825 days from notBefore; valid now and still in 824 days, gone in 826.
        let dates = try await Self.openssl(["x509", "-in", work.file("server.pem"), "-noout", "-startdate", "-enddate"])
            .split(separator: "\n").map(String.init)
        let notBefore = try #require(Self.opensslDate(dates.first { $0.hasPrefix("notBefore=") }))
        let notAfter = try #require(Self.opensslDate(dates.first { $0.hasPrefix("notAfter=") }))
        #expect(notAfter.timeIntervalSince(notBefore) <= 825 * 86_400)
        #expect(notBefore < Date())
        #expect(try await Self.expires(work.file("server.pem"), within: 824 * 86_400) == false)
        #expect(try await Self.expires(work.file("server.pem"), within: 826 * 86_400) == true)

        // The key file holds the certificate's key.
        let keyPublic = try await Self.openssl(["pkey", "-in", work.file("server.key"), "-pubout"])
        let certPublic = try await Self.openssl(["x509", "-in", work.file("server.pem"), "-pubkey", "-noout"])
        #expect(keyPublic.hasPrefix("-----BEGIN PUBLIC KEY-----") && keyPublic == certPublic)

        // The fingerprint printed is the one OpenSSL computes, and the hosts are listed.
        let fingerprint = try await Self.openssl(["x509", "-in", work.file("ca.pem"), "-noout", "-fingerprint", "-sha256"])
        let expected = try #require(fingerprint.split(separator: "=").last)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(run.stdout.contains(expected))
        #expect(run.stdout.contains("localhost, 127.0.0.1, ::1, assets.example.test"))
        for key in ["ca.key", "server.key"] {
            let mode = try FileManager.default.attributesOfItem(atPath: work.file(key))[.posixPermissions] as? Int
            #expect(mode == 0o600, "\(key)")
        }
    }

    /// Issue 20, item 4: `--host 192.168.1.20` replaced the default names, so `https://localhost` stopped
    /// verifying once a LAN address was added. It adds to them.
    @Test func aHostIsAddedToTheDefaultNamesNotInTheirPlace() async throws {
        let (work, run) = try await Self.certs(hosts: ["192.0.2.20"])
        for host in ["localhost", "192.0.2.20"] {
            let verified = try await Self.openssl([
                "verify", "-CAfile", work.file("ca.pem"), host.first!.isNumber ? "-verify_ip" : "-verify_hostname", host,
                work.file("server.pem"),
            ])
            #expect(verified == "\(work.file("server.pem")): OK\n", "\(host)")
        }
        #expect(run.stdout.contains("hosts:  localhost, 127.0.0.1, ::1, 192.0.2.20"), "\(run.stdout)")
    }

    @Test func plistlibReadsTheProfileAndItsPayloadIsTheCAsDER() async throws {
        let (work, _) = try await Self.certs(hosts: ["localhost"])
        try await Self.openssl(["x509", "-in", work.file("ca.pem"), "-outform", "DER", "-out", work.file("ca.der")])
        let script = """
            import base64, json, plistlib, sys
            profile = plistlib.load(open(sys.argv[1], 'rb'))
            payload = profile['PayloadContent'][0]
            print(json.dumps({
                'top': sorted(profile), 'type': profile['PayloadType'], 'version': profile['PayloadVersion'],
                'payloadKeys': sorted(payload), 'payloadType': payload['PayloadType'],
                'der': base64.b64encode(payload['PayloadContent']).decode(),
            }))
            """
        let python = try ExternalTool.path(of: "python3")
        let parsed = try await ChildProcess.run(python, ["-c", script, work.file("PackServe-CA.mobileconfig")])
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(parsed.stdout.text.utf8)) as? [String: Any])
        let top = try #require(json["top"] as? [String])
        let required = [
            "PayloadContent", "PayloadDisplayName", "PayloadIdentifier", "PayloadType", "PayloadUUID", "PayloadVersion",
        ]
        for key in required {
            #expect(top.contains(key), "\(key)")
        }
        #expect(json["type"] as? String == "Configuration")
        #expect(json["version"] as? Int == 1)
        #expect(json["payloadType"] as? String == "com.apple.security.root")
        #expect(json["payloadKeys"] as? [String] == [
            "PayloadCertificateFileName", "PayloadContent", "PayloadDescription", "PayloadDisplayName",
            "PayloadIdentifier", "PayloadType", "PayloadUUID", "PayloadVersion",
        ])
        let der = try Data(contentsOf: URL(fileURLWithPath: work.file("ca.der")))
        #expect(json["der"] as? String == der.base64EncodedString())
    }

    @Test func opensslCompletesAVerifiedHandshakeWithTheCertificates() async throws {
        let (work, _) = try await Self.certs(hosts: Self.hosts)
        let openssl = try ExternalTool.path(of: "openssl")
        let port = try await FreePorts.pick(1)[0]
        let server = try ChildProcess(openssl, [
            "s_server", "-cert", work.file("server.pem"), "-key", work.file("server.key"),
            "-accept", "127.0.0.1:\(port)", "-www",
        ])
        defer { server.signal(SIGTERM) }
        let accepting = try await Poll.until(within: .seconds(15), every: .milliseconds(50)) {
            server.stdout.text.contains("ACCEPT") || !server.isRunning
        }
        guard accepting, server.isRunning else {
            throw EndToEndFailure("openssl s_server did not start: \(server.stderr.text)\(server.stdout.text)")
        }
        func connect(_ check: [String]) async throws -> (status: Int32?, output: String) {
            let client = try ChildProcess(openssl, [
                "s_client", "-connect", "127.0.0.1:\(port)", "-CAfile", work.file("ca.pem"), "-verify_return_error",
            ] + check)
            let status = try await client.exitStatus(within: .seconds(20))
            return (status, client.stdout.text + client.stderr.text)
        }
        let checks = [
            ["-verify_hostname", "localhost"], ["-verify_hostname", "assets.example.test"], ["-verify_ip", "127.0.0.1"],
        ]
        for check in checks {
            let result = try await connect(check)
            #expect(result.status == 0, "\(check): \(result.output)")
            #expect(result.output.contains("Verify return code: 0 (ok)"), "\(check)")
        }
        // A name the certificate does not carry fails verification: the checks above are real.
        let wrongName = try await connect(["-verify_hostname", "other.example.test"])
        #expect(wrongName.status != 0)
        #expect(!wrongName.output.contains("Verify return code: 0 (ok)"))
    }

    @Test func daysAbove825AreRefusedInOneLineAndNothingIsWritten() async throws {
        let work = try TemporaryDirectory("packserve-e2e-certs")
        let out = work.file("tls")
        let child = try ChildProcess(try PackServeBinary.path(), ["certs", "--out", out, "--days", "826"])
        #expect(try await child.exitStatus(within: .seconds(30)) != 0)
        #expect(child.stderr.lines.count == 1)
        #expect(child.stderr.text.contains("825"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func writesBesideTheConfigurationByDefaultAndKeepsTheCAOnTheNextRun() async throws {
        let work = try TemporaryDirectory("packserve-e2e-certs")
        let binary = try PackServeBinary.path()
        let config = ["--config", work.file("config.json")]
        let first = try await ChildProcess.run(binary, config + ["certs", "--host", "localhost"]).stdout.text
        let tls = work.file(".packserve/tls")
        let caPEM = try String(contentsOfFile: "\(tls)/ca.pem", encoding: .utf8)
        let firstLeaf = try String(contentsOfFile: "\(tls)/server.pem", encoding: .utf8)
        #expect(first.contains("(new: PackServe Development CA ("))

        let second = try await ChildProcess.run(binary, config + ["certs", "--host", "10.0.0.5"]).stdout.text
        #expect(second.contains("(kept: PackServe Development CA ("))
        #expect(try String(contentsOfFile: "\(tls)/ca.pem", encoding: .utf8) == caPEM)
        #expect(try String(contentsOfFile: "\(tls)/server.pem", encoding: .utf8) != firstLeaf)
        let fingerprint = { (text: String) in text.split(separator: "\n").first { $0.contains("SHA-256") } }
        #expect(fingerprint(first) != nil && fingerprint(first) == fingerprint(second))

        // Without its key the CA is refused, in one line, rather than replaced.
        try FileManager.default.removeItem(atPath: "\(tls)/ca.key")
        let refused = try ChildProcess(binary, config + ["certs"])
        #expect(try await refused.exitStatus(within: .seconds(30)) != 0)
        #expect(refused.stderr.lines.count == 1)
        #expect(refused.stderr.text.contains("ca.key"))
        #expect(try String(contentsOfFile: "\(tls)/ca.pem", encoding: .utf8) == caPEM)
    }

    /// Runs `openssl` with `arguments`, which must succeed, and returns its standard output.
    @discardableResult
    private static func openssl(_ arguments: [String]) async throws -> String {
        try await ChildProcess.run(try ExternalTool.path(of: "openssl"), arguments).stdout.text
    }

    /// Runs `packserve certs --out DIR --host …` into a new temporary directory.
    private static func certs(hosts: [String]) async throws -> (TemporaryDirectory, StoreCommandResult) {
        let work = try TemporaryDirectory("packserve-e2e-certs")
        let arguments = ["certs", "--out", work.path] + hosts.flatMap { ["--host", $0] }
        let child = try await ChildProcess.run(try PackServeBinary.path(), arguments)
        return (work, StoreCommandResult(
            commandLine: child.commandLine, status: 0, stdout: child.stdout.text, stderr: child.stderr.text))
    }

    /// `openssl x509 -checkend`: exit 0 while the certificate is still valid `seconds` from now, 1 if not.
    private static func expires(_ certificate: String, within seconds: Int) async throws -> Bool? {
        let check = try ChildProcess(try ExternalTool.path(of: "openssl"), [
            "x509", "-in", certificate, "-noout", "-checkend", String(seconds),
        ])
        switch try await check.exitStatus(within: .seconds(30)) {
        case 0: return false
        case 1: return true
        default: return nil
        }
    }

    /// A date as `openssl x509 -startdate` prints it: `notBefore=Nov  3 10:00:00 2026 GMT`.
    private static func opensslDate(_ line: String?) -> Date? {
        guard let value = line?.split(separator: "=", maxSplits: 1).last else { return nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "MMM d HH:mm:ss yyyy zzz"
        return formatter.date(from: value.split(separator: " ").joined(separator: " "))
    }
}
