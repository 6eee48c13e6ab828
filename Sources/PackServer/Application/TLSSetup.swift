import Foundation
import HTTPServer
import Logging

/// Loads the HTTPS listener's certificate and key at start-up (README "HTTPS").
public enum TLSSetup {
    /// The TLS identity for `configuration`, or nil when `tls.enabled` is false. Throws one line when the
    /// files are missing or do not load.
    public static func context(for configuration: PackServeConfiguration, logger: Logger) throws -> TLSServerContext? {
        let tls = configuration.tls
        guard tls.enabled else { return nil }
        let files = [tls.certificate, tls.privateKey]
        if let missing = files.first(where: { !FileManager.default.fileExists(atPath: $0) }) {
            throw ConfigurationError.key("tls.certificate", "\(missing) does not exist: run `packserve certs` or set tls.generateIfMissing")
        }
        do {
            return try TLSServerContext(certificatePath: tls.certificate, privateKeyPath: tls.privateKey, minimumVersion: tls.minVersion)
        } catch {
            throw ConfigurationError.key("tls.certificate", error.message)
        }
    }
}
