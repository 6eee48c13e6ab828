import Foundation
import CDNSimulation
import Glibc
import PackServeTesting
import RawHTTPClient
import Testing

extension EndToEnd {
    /// The HTTPS listener against clients nobody here wrote: openssl s_client, curl, aria2c and Python's
    /// ssl module, with certificates made by the openssl command line.
    @Suite struct HTTPS {
        /// Runs `script` with /bin/sh; returns the exit status and standard output + error.
        static func shell(_ script: String, timeout: Duration = .seconds(60)) async throws -> (status: Int32?, output: String) {
            let child = try ChildProcess("/bin/sh", ["-c", script])
            let status = try await child.exitStatus(within: timeout)
            return (status, child.stdout.text + child.stderr.text)
        }

        static func serve(_ store: StoreWorkspace, _ certificates: TestCertificates, limits: [String: any Sendable] = [:]) async throws -> RunningPackServe {
            var overrides: [String: any Sendable] = ["tls": certificates.settings]
            if !limits.isEmpty { overrides["limits"] = limits }
            return try await store.serve(overrides: overrides)
        }

        @Test func opensslVerifiesTLS13And12WithALPNAndOlderOrPlaintextIsRefused() async throws {
            let store = try StoreWorkspace()
            let certificates = try await TestCertificates.make(in: store.directory.file("tls"))
            let server = try await Self.serve(store, certificates)
            let request = #"printf 'GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'"#
            for version in ["-tls1_3", "-tls1_2"] {
                let run = try await Self.shell("""
                    \(request) | openssl s_client -connect 127.0.0.1:\(server.tlsPort) -servername localhost \(version) \
                    -alpn http/1.1 -CAfile \(certificates.caFile) -verify_return_error -verify_hostname localhost -ign_eof
                    """)
                #expect(run.output.contains("Verify return code: 0 (ok)"), "\(version): \(run.output)")
                #expect(run.output.contains("ALPN protocol: http/1.1"), "\(version)")
                #expect(run.output.contains(version == "-tls1_3" ? "TLSv1.3" : "Protocol  : TLSv1.2"), "\(version)")
                #expect(run.output.contains("HTTP/1.1 200 OK"), "\(version): \(run.output)")
            }
            // TLS 1.1 is refused in the handshake (a protocol_version alert)…
            let old = try await Self.shell("\(request) | openssl s_client -connect 127.0.0.1:\(server.tlsPort) -tls1_1 -CAfile \(certificates.caFile)")
            #expect(old.status != 0, "\(old.output)")
            #expect(!old.output.contains("HTTP/1.1 200"))
            // …plaintext HTTP on the TLS port gets no HTTP answer, only a closed connection…
            let plain = try RawClient(port: server.tlsPort)
            try plain.send("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n")
            let (answer, end) = plain.readUntilEnd()
            #expect(end != .timedOut && !String(decoding: answer, as: UTF8.self).contains("HTTP/1.1 200"))
            // …and neither harms the server.
            let after = try await Self.shell("curl -sS --cacert \(certificates.caFile) \(server.secureURL("/healthz"))")
            #expect(after.status == 0, "\(after.output)")
            #expect(try await server.stop() == 0)
        }

        /// With `tls.generateIfMissing` the first start makes a development CA and certificate, says in one
        /// line where the CA is, and serves with them; the next start reuses them.
        @Test func generateIfMissingMakesADevelopmentCertificateOnce() async throws {
            let store = try StoreWorkspace()
            let tlsDirectory = store.directory.file("tls")
            let settings: [String: any Sendable] = [
                "enabled": true, "listen": ["host": "127.0.0.1", "port": 0] as [String: any Sendable],
                "certificate": "\(tlsDirectory)/server.pem", "privateKey": "\(tlsDirectory)/server.key", "generateIfMissing": true,
            ]
            let first = try await store.serve(overrides: ["tls": settings])
            let line = first.child.stderr.lines.first { $0.contains("generated a development TLS certificate") }
            #expect(line?.contains("ca=\(tlsDirectory)/ca.pem") == true, "\(first.child.stderr.text)")
            #expect(line?.contains("PackServe-CA.mobileconfig") == true)
            let served = try await Self.shell("curl -sS --cacert \(tlsDirectory)/ca.pem \(first.secureURL("/healthz"))")
            #expect(served.status == 0 && served.output.trimmingCharacters(in: .whitespacesAndNewlines) == "ok", "\(served.output)")
            let fingerprint = try await Self.fingerprint(of: "\(tlsDirectory)/server.pem")
            #expect(try await first.stop() == 0)

            let second = try await store.serve(overrides: ["tls": settings])
            #expect(!second.child.stderr.text.contains("generated a development TLS certificate"))
            #expect(try await Self.servedFingerprint(port: second.tlsPort) == fingerprint)
            #expect(try await second.stop() == 0)
        }

        @Test func curlResumesAndAria2cSegmentsA200MiBPackByteExact() async throws {
            let large = try await LargeDownload.shared()
            let store = try StoreWorkspace()
            try await store.run(["add", large.path, "--id", "large"], timeout: .seconds(120))
            try await store.run(["publish"])
            let certificates = try await TestCertificates.make(in: store.directory.file("tls"))
            let server = try await Self.serve(store, certificates)
            let url = server.secureURL("/packs/large")
            let work = try TemporaryDirectory()
            let output = work.file("curl.bin")

            let curl = try ExternalTool.curl()
            let partial = try await InterruptedCurl.run(
                ["-sS", "--fail", "--cacert", certificates.caFile, "--limit-rate", "20M", url], output: output, killAfter: 8 << 20)
            try #require(partial >= 8 << 20 && partial < LargeDownload.size, "interrupted at \(partial) bytes")
            try await ChildProcess.run(curl, ["-sS", "--fail", "--cacert", certificates.caFile, "-C", "-", "-o", output, url], timeout: .seconds(120))
            #expect(FileSize.of(output) == LargeDownload.size)
            #expect(try await ExternalTool.sha256(of: output) == large.sha256)
            #expect(try await server.awaitAccessLogLines(path: "/packs/large", status: 206).count == 1)

            try await ChildProcess.run(try ExternalTool.aria2c(), [
                "--no-conf=true", "-x", "8", "-s", "8", "-k", "1M", "--file-allocation=none", "--ca-certificate", certificates.caFile,
                "--allow-overwrite=true", "--auto-file-renaming=false", "--summary-interval=0",
                "--console-log-level=warn", "-d", work.path, "-o", "aria2c.bin", url,
            ], timeout: .seconds(120))
            #expect(FileSize.of(work.file("aria2c.bin")) == LargeDownload.size)
            #expect(try await ExternalTool.sha256(of: work.file("aria2c.bin")) == large.sha256)
            #expect(try await server.awaitAccessLogLines(path: "/packs/large", status: 206, atLeast: 5).count >= 5)
            #expect(try await server.stop() == 0)
        }

        @Test func pythonSSLGetsPipelinedRangesAndMultipartByteExact() async throws {
            let python = try await ExternalTool.pythonWithH11()
            let store = try StoreWorkspace()
            let file = try store.randomFile("small.bin", count: 300_000)
            try await store.run(["add", file, "--id", "small"])
            try await store.run(["publish"])
            let certificates = try await TestCertificates.make(in: store.directory.file("tls"))
            let server = try await Self.serve(store, certificates)
            let check = try await ChildProcess.run(python, [
                TLSPipelineCheckScript.script, String(server.tlsPort), certificates.caFile, "/packs/small", file,
            ])
            #expect(check.stdout.text.hasPrefix("OK 4 pipelined responses over TLSv1.3"), "\(check.stdout.text)")
            #expect(try await server.stop() == 0)
        }

        /// File bodies leave several records per write(2); a reader too slow to take them must still get
        /// every byte in order, and the next response on the connection must not find any left behind.
        @Test func aSlowReaderWithASmallWindowGetsAPackByteExactAndKeepsTheConnection() async throws {
            let python = try await ExternalTool.pythonWithH11()
            let store = try StoreWorkspace()
            let file = try store.randomFile("medium.bin", count: 6 << 20)
            try await store.run(["add", file, "--id", "medium"])
            try await store.run(["publish"])
            let certificates = try await TestCertificates.make(in: store.directory.file("tls"))
            let server = try await Self.serve(store, certificates)
            let check = try await ChildProcess.run(python, [
                TLSSlowReaderScript.script, String(server.tlsPort), certificates.caFile, "/packs/medium", file,
            ], timeout: .seconds(120))
            #expect(check.stdout.text.hasPrefix("OK \(6 << 20) bytes read slowly with 11 pauses"), "\(check.stdout.text)\(check.stderr.text)")
            #expect(try await server.stop() == 0)
        }

        /// SHA-256 fingerprint of the certificate the server presents to a new handshake.
        static func servedFingerprint(port: Int) async throws -> String {
            try await shell("openssl s_client -connect 127.0.0.1:\(port) -servername localhost </dev/null 2>/dev/null | openssl x509 -noout -fingerprint -sha256").output
        }

        static func fingerprint(of file: String) async throws -> String {
            try await shell("openssl x509 -in \(file) -noout -fingerprint -sha256").output
        }

        @Test func sighupSwapsTheCertificateForNewHandshakesOnlyAndABadPairIsRefused() async throws {
            let large = try await LargeDownload.shared()
            let store = try StoreWorkspace()
            try await store.run(["add", large.path, "--id", "large"], timeout: .seconds(120))
            try await store.run(["publish"])
            let first = try await TestCertificates.make(in: store.directory.file("tls-1"))
            let server = try await Self.serve(store, first)
            #expect(try await Self.servedFingerprint(port: server.tlsPort) == (try await Self.fingerprint(of: first.certificateFile)))

            // A download in flight over the first pair…
            let work = try TemporaryDirectory()
            let output = work.file("download.bin")
            let download = try ChildProcess(try ExternalTool.curl(), [
                "-sS", "--fail", "--cacert", first.caFile, "--limit-rate", "40M", "-o", output, server.secureURL("/packs/large"),
            ])
            // …while the files are replaced by a new pair and SIGHUP is sent.
            let second = try await TestCertificates.make(in: store.directory.file("tls-2"), commonName: "localhost")
            try FileManager.default.removeItem(atPath: first.certificateFile)
            try FileManager.default.removeItem(atPath: first.keyFile)
            try FileManager.default.copyItem(atPath: second.certificateFile, toPath: first.certificateFile)
            try FileManager.default.copyItem(atPath: second.keyFile, toPath: first.keyFile)
            server.child.signal(SIGHUP)
            let swapped = try await ProcessProbe(pid: 0).await(within: .seconds(5)) { _ in
                server.child.stderr.text.contains("reloaded the TLS certificate")
            }
            #expect(swapped)
            #expect(try await Self.servedFingerprint(port: server.tlsPort) == (try await Self.fingerprint(of: second.certificateFile)))
            #expect(download.isRunning, "the download should still be in flight")
            #expect(try await download.exitStatus(within: .seconds(60)) == 0)
            #expect(try await ExternalTool.sha256(of: output) == large.sha256)

            // A key that does not match the certificate is refused; the second pair stays.
            let third = try await TestCertificates.make(in: store.directory.file("tls-3"))
            try FileManager.default.removeItem(atPath: first.keyFile)
            try FileManager.default.copyItem(atPath: third.keyFile, toPath: first.keyFile)
            server.child.signal(SIGHUP)
            let refused = try await ProcessProbe(pid: 0).await(within: .seconds(5)) { _ in
                server.child.stderr.text.contains("kept the previous TLS certificate")
            }
            #expect(refused, "\(server.child.stderr.lines.suffix(3))")
            #expect(try await Self.servedFingerprint(port: server.tlsPort) == (try await Self.fingerprint(of: second.certificateFile)))

            // No signal but SIGTERM/SIGINT ends the server.
            for signal in [SIGHUP, SIGUSR1, SIGUSR2, SIGPIPE] {
                server.child.signal(signal)
                // A signal whose default action ends the process takes effect when it is delivered, before the
                // server could answer anything: an answer after it shows the server outlived it.
                let health = try await Self.shell("curl -sS --cacert \(second.caFile) \(server.secureURL("/healthz"))")
                #expect(health.status == 0, "signal \(signal): \(health.output)")
                #expect(server.child.isRunning, "signal \(signal) ended the server")
            }
            #expect(try await server.stop() == 0)
        }

        /// A client that opens a TCP connection to the TLS port and never finishes the handshake is
        /// dropped after the header timeout, while others are served; 1,000 idle TLS connections are held
        /// in little memory.
        @Test func stalledHandshakesAreDroppedAndIdleTLSConnectionsAreCheap() async throws {
            let store = try StoreWorkspace()
            let certificates = try await TestCertificates.make(in: store.directory.file("tls"))
            let server = try await Self.serve(store, certificates, limits: ["headerTimeoutSeconds": 2, "idleTimeoutSeconds": 60])
            let staller = try RawClient(port: server.tlsPort, receiveTimeoutSeconds: 8)
            try staller.send([0x16, 0x03, 0x01, 0x00, 0x80, 0x01])  // the start of a ClientHello, then nothing
            let clock = ContinuousClock()
            let started = clock.now
            let served = try await Self.shell("curl -sS -o /dev/null -w '%{http_code}' --cacert \(certificates.caFile) \(server.secureURL("/healthz"))")
            #expect(served.output == "200")
            let (_, end) = staller.readUntilEnd()
            #expect(end != .timedOut, "the stalled handshake was never dropped")
            #expect(clock.now - started < .seconds(5), "dropped after \(clock.now - started)")

            let python = try ExternalTool.path(of: "python3")
            let idle = try await ChildProcess.run(python, [
                IdleTLSConnectionsScript.script, String(server.tlsPort), certificates.caFile, "1000", String(server.child.process.processIdentifier),
            ], timeout: .seconds(180))
            let report = idle.stdout.text
            #expect(report.hasPrefix("OK"), "\(report)")
            let rssKiB = Int(report.split(separator: " ").first { $0.hasPrefix("rss_kib=") }?.dropFirst(8) ?? "") ?? .max
            #expect(rssKiB < 128 * 1024, "resident memory with 1,000 idle TLS connections: \(rssKiB) KiB")
            #expect(try await server.stop() == 0)
        }
    }
}
