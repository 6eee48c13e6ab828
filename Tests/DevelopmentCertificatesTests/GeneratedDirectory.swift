import DevelopmentCertificates
import Foundation
import SwiftASN1
import X509

/// A temporary directory that certificates are generated into, read back with swift-certificates, and
/// removed on release.
final class GeneratedDirectory {
    let path: String
    let files: CertificateFiles

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("packserve-certs-\(UUID().uuidString)").path
        files = CertificateFiles(directory: path)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    @discardableResult
    func generate(hosts: [String] = ["localhost", "127.0.0.1", "::1", "assets.example.test"], days: Int = 825,
                  now: Date = Date()) throws -> GeneratedCertificates
    {
        try DevelopmentCertificates.generate(in: path, hosts: hosts, days: days, now: now)
    }

    func text(_ file: String) throws -> String { try String(contentsOfFile: file, encoding: .utf8) }

    /// The certificates in server.pem, in file order: the leaf, then the CA.
    func chain() throws -> [Certificate] {
        try PEMDocument.parseMultiple(pemString: text(files.serverCertificate)).map { try Certificate(pemDocument: $0) }
    }

    func leaf() throws -> Certificate { try chain()[0] }

    func authority() throws -> Certificate { try Certificate(pemEncoded: text(files.authorityCertificate)) }

    /// Permission bits of a file.
    func mode(_ file: String) throws -> Int {
        ((try FileManager.default.attributesOfItem(atPath: file))[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }
}
