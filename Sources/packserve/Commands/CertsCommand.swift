import ArgumentParser
import DevelopmentCertificates
import Foundation
import PackServer

/// `packserve certs [--out DIR] [--host NAME-OR-IP]… [--days N]`: development TLS certificates and the
/// profile that makes a test device trust them (Background Assets downloads only over trusted HTTPS).
struct CertsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "certs",
        abstract: "Write a development CA (kept across runs), a server certificate it signs, and an iOS profile "
            + "that installs the CA.")

    @ParentCommand var root: PackServe

    @Option(help: ArgumentHelp(
        "Directory for ca.pem, ca.key, server.pem, server.key and PackServe-CA.mobileconfig "
            + "(default: beside the configuration's TLS certificate, .packserve/tls)."))
    var out: String?

    @Option(name: .customLong("host"), help: ArgumentHelp(
        "A DNS name or IP address the server certificate names besides the defaults (localhost, 127.0.0.1, ::1 "
            + "and this machine's addresses); repeat for more."))
    var hosts: [String] = []

    @Option(help: "Days the server certificate is valid, at most \(DevelopmentCertificates.maximumValidityDays).")
    var days: Int = DevelopmentCertificates.maximumValidityDays

    func run() async throws {
        var directory = out ?? ""
        if out == nil { directory = DevelopmentCertificates.defaultDirectory(certificatePath: try await certificatePath()) }
        let result: GeneratedCertificates
        do {
            result = try DevelopmentCertificates.generate(
                in: directory, hosts: DevelopmentCertificates.defaultHosts(adding: hosts), days: days,
                now: Date())
        } catch {
            throw CommandFailure(error.description)
        }
        let files = result.files
        let until = result.serverNotValidAfter.formatted(.iso8601.year().month().day())
        let status = result.authorityReused ? "kept" : "new"
        print("CA:     \(files.authorityCertificate) (\(status): \(result.authorityName))")
        print("        SHA-256 \(result.authorityFingerprint)")
        print("server: \(files.serverCertificate) (chain) and \(files.serverKey), valid until \(until)")
        print("hosts:  \(result.hosts.map(\.description).joined(separator: ", "))")
        if result.authorityReused {
            print("Devices that already trust this CA trust the new server certificate too. Otherwise:")
        }
        print("To trust it on an iPhone or iPad:")
        print("  1. AirDrop or mail \(files.trustProfile) to the device,")
        print("     then install it in Settings › General › VPN & Device Management.")
        print("  2. Turn on full trust for \"\(result.authorityName)\"")
        print("     in Settings › General › About › Certificate Trust Settings.")
    }

    /// The configuration's `tls.certificate`; without a configuration file yet, its default beside where
    /// that file would be (so `certs` can come first on a new machine).
    private func certificatePath() async throws -> String {
        let configPath = root.config ?? PackServeConfiguration.defaultPath()
        guard FileManager.default.fileExists(atPath: configPath) else {
            return URL(fileURLWithPath: configPath).deletingLastPathComponent()
                .appendingPathComponent(PackServeConfiguration().tls.certificate).path
        }
        return try await CommandContext.loadConfiguration(path: root.config).tls.certificate
    }
}
