import DurableFiles
import Foundation
import SystemPackage

/// Development TLS certificates a test device can trust in two steps: a local root CA (kept across
/// runs), a server certificate it signs, and an Apple configuration profile that installs the CA.
/// Used by `packserve certs` and by `serve` when `tls.generateIfMissing` is set.
public enum DevelopmentCertificates {
    /// Apple platforms refuse TLS server certificates valid for longer (iOS 13, macOS 10.15).
    public static let maximumValidityDays = 825

    /// How far in the past certificates start: a test device's clock may be a little behind.
    static let clockSkewAllowance: TimeInterval = 3_600

    /// The directory the files go into when none is given: the one holding the TLS certificate path of
    /// the configuration (`tls.certificate`), so `serve` finds them where `certs` wrote them.
    public static func defaultDirectory(certificatePath: String) -> String {
        URL(fileURLWithPath: certificatePath).deletingLastPathComponent().path
    }

    /// The hosts used when none are given: `localhost`, `127.0.0.1`, `::1` and this machine's addresses.
    public static func defaultHosts() -> [String] {
        HostList.defaultHosts()
    }

    /// The default hosts and `extra` (`certs --host`), which adds to them.
    public static func defaultHosts(adding extra: [String]) -> [String] {
        HostList.defaultHosts(adding: extra)
    }

    /// Loads the CA in `directory` (or creates it when neither `ca.pem` nor `ca.key` exists), issues a new
    /// server certificate for `hosts` valid for `days` days, and writes the chain, the keys (mode 0600)
    /// and the configuration profile. Nothing is written when the arguments or an existing CA are refused.
    public static func generate(in directory: String, hosts: [String], days: Int, now: Date)
        throws(DevelopmentCertificatesError) -> GeneratedCertificates
    {
        guard (1...maximumValidityDays).contains(days) else { throw .validityOutOfRange(days: days) }
        let names = try HostList.parse(hosts)
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .cannotCreateDirectory(path: directory, problem: error.localizedDescription)
        }
        let files = CertificateFiles(directory: directory)
        let existing = try CertificateAuthority.load(from: files, now: now)
        let authority = if let existing { existing } else { try CertificateAuthority.create(now: now) }
        let server = try ServerCertificateIssuer(authority: authority).issue(for: names, days: days, now: now)

        let secret: FilePermissions = [.ownerReadWrite]
        let readable: FilePermissions = [.ownerReadWrite, .groupRead, .otherRead]
        var writes: [AtomicFiles.File] = []
        if existing == nil {
            // The key first: a crash between the two renames leaves a key without a certificate, which
            // the next run refuses, rather than a certificate a device could trust with its key lost.
            writes.append(.init(path: files.authorityKey, bytes: Array(authority.keyPEM.utf8), mode: secret))
            writes.append(.init(
                path: files.authorityCertificate, bytes: Array(try authority.certificate.pemText().utf8), mode: readable))
        }
        writes.append(.init(path: files.serverKey, bytes: Array(server.keyPEM.utf8), mode: secret))
        writes.append(.init(
            path: files.serverCertificate, bytes: Array(try server.chainPEM(authority: authority).utf8), mode: readable))
        writes.append(.init(path: files.trustProfile, bytes: Array(try TrustProfile(authority: authority).propertyList()), mode: readable))
        do {
            try AtomicFiles.write(writes)
        } catch {
            throw .cannotWrite(path: error.path, errno: error.errno.rawValue)
        }

        return GeneratedCertificates(
            files: files, authorityFingerprint: try authority.certificate.sha256Fingerprint(),
            authorityName: authority.commonName, authorityReused: existing != nil, hosts: server.hosts,
            serverNotValidAfter: server.certificate.notValidAfter)
    }
}
