import Foundation
import CDNSimulation

/// A CA and a leaf for `localhost` and `127.0.0.1` (the leaf file carries the chain), made with the
/// openssl command line so that the server is tested against certificates it did not make itself.
struct TestCertificates {
    let directory: String
    var caFile: String { "\(directory)/ca.pem" }
    var certificateFile: String { "\(directory)/server.pem" }
    var keyFile: String { "\(directory)/server.key" }

    /// Makes a new CA and leaf in `directory` (a second call makes a different pair, for reload tests).
    static func make(in directory: String, commonName: String = "localhost") async throws -> TestCertificates {
        let openssl = try ExternalTool.path(of: "openssl")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let extensions = "\(directory)/leaf.ext"
        try "subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n"
            .write(toFile: extensions, atomically: true, encoding: .utf8)
        let ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes"]
        try await ChildProcess.run(openssl, ["req", "-x509"] + ec + [
            "-keyout", "\(directory)/ca.key", "-out", "\(directory)/ca.pem", "-subj", "/CN=PackServe Test CA \(commonName)",
            "-days", "2", "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign",
        ])
        try await ChildProcess.run(openssl, ["req"] + ec + [
            "-keyout", "\(directory)/server.key", "-out", "\(directory)/server.csr", "-subj", "/CN=\(commonName)",
        ])
        try await ChildProcess.run(openssl, [
            "x509", "-req", "-in", "\(directory)/server.csr", "-CA", "\(directory)/ca.pem", "-CAkey", "\(directory)/ca.key",
            "-CAcreateserial", "-out", "\(directory)/leaf.pem", "-days", "2", "-extfile", extensions,
        ])
        let chain = try String(contentsOfFile: "\(directory)/leaf.pem", encoding: .utf8)
            + String(contentsOfFile: "\(directory)/ca.pem", encoding: .utf8)
        try chain.write(toFile: "\(directory)/server.pem", atomically: true, encoding: .utf8)
        return TestCertificates(directory: directory)
    }

    /// The `tls` section of a test config serving these files on an ephemeral loopback port.
    var settings: [String: any Sendable] {
        ["enabled": true, "listen": ["host": "127.0.0.1", "port": 0] as [String: any Sendable],
         "certificate": certificateFile, "privateKey": keyFile, "generateIfMissing": false]
    }
}
