import DevelopmentCertificates
import Foundation
import HTTPServer
import Logging
import Sockets

/// Loads the HTTPS listener's certificate and key at start-up, making development ones first when they
/// are missing and `tls.generateIfMissing` is on (docs/https.md, docs/device-testing.md).
public enum TLSSetup {
    /// The TLS identity for `configuration`, or nil when `tls.enabled` is false. Throws one line when the
    /// files are missing (and may not be generated) or do not load.
    public static func context(for configuration: PackServeConfiguration, logger: Logger) throws -> TLSServerContext? {
        do {
            return try identity(for: configuration, logger: logger)
        } catch let error as ConfigurationError {
            throw error.located(in: configuration.file ?? "configuration", root: nil)
        }
    }

    private static func identity(for configuration: PackServeConfiguration, logger: Logger) throws -> TLSServerContext? {
        let tls = configuration.tls
        guard tls.enabled else { return nil }
        let missing = [tls.certificate, tls.privateKey].filter { !FileManager.default.fileExists(atPath: $0) }
        if !missing.isEmpty {
            guard tls.generateIfMissing, missing.count == 2 else {
                throw ConfigurationError.key("tls.certificate", "\(missing[0]) does not exist: run `packserve certs` or set tls.generateIfMissing")
            }
            try generate(for: tls, logger: logger)
        } else {
            describeTrust(certificate: tls.certificate, logger: logger)
        }
        do {
            return try TLSServerContext(certificatePath: tls.certificate, privateKeyPath: tls.privateKey, minimumVersion: tls.minVersion)
        } catch {
            throw ConfigurationError.key("tls.certificate", error.message)
        }
    }

    /// Makes a CA (or reuses the one beside the certificate) and a server certificate for this machine's
    /// names, as `packserve certs` would, and puts them where the configuration says.
    private static func generate(for tls: PackServeConfiguration.TLS, logger: Logger) throws {
        let directory = DevelopmentCertificates.defaultDirectory(certificatePath: tls.certificate)
        let result: GeneratedCertificates
        do {
            result = try DevelopmentCertificates.generate(
                in: directory, hosts: DevelopmentCertificates.defaultHosts(),
                days: DevelopmentCertificates.maximumValidityDays, now: Date())
            try moveIfNamedDifferently(result.files.serverCertificate, to: tls.certificate)
            try moveIfNamedDifferently(result.files.serverKey, to: tls.privateKey)
        } catch let error as DevelopmentCertificatesError {
            throw ConfigurationError.key("tls.generateIfMissing", error.description)
        } catch {
            throw ConfigurationError.key("tls.generateIfMissing", "cannot place the certificate: \(error.localizedDescription)")
        }
        logger.notice(
            "generated a development TLS certificate for \(result.hosts.map(\.description).joined(separator: ", ")); to trust it on an iPhone, install \(result.files.trustProfile) and turn on full trust (docs/device-testing.md)",
            metadata: ["ca": "\(result.files.authorityCertificate)", "sha256": "\(result.authorityFingerprint)"])
    }

    /// One line at start-up saying which CA devices must trust, when a development CA sits beside the
    /// certificate.
    private static func describeTrust(certificate: String, logger: Logger) {
        let files = CertificateFiles(directory: DevelopmentCertificates.defaultDirectory(certificatePath: certificate))
        guard FileManager.default.fileExists(atPath: files.authorityCertificate) else { return }
        logger.info(
            "HTTPS certificate signed by the development CA \(files.authorityCertificate); devices trust it after installing \(files.trustProfile) (docs/device-testing.md)")
    }

    private static func moveIfNamedDifferently(_ generated: String, to configured: String) throws {
        guard URL(fileURLWithPath: generated).standardizedFileURL != URL(fileURLWithPath: configured).standardizedFileURL else { return }
        try FileManager.default.moveItem(atPath: generated, toPath: configured)
    }
}
