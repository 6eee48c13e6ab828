import DevelopmentCertificates
import Foundation
import Glibc

/// `openssl s_server -www` (a TLS server nobody here wrote) on an ephemeral loopback port, with a fresh
/// development CA and a certificate for `hosts`.
final class OpenSSLServer: Sendable {
    let port: Int
    let files: CertificateFiles
    private let process: Process

    init(hosts: [String]) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("client-tls-\(UUID().uuidString)").path
        files = try DevelopmentCertificates.generate(in: directory, hosts: hosts, days: 1, now: Date()).files
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = ["s_server", "-accept", "127.0.0.1:0", "-cert", files.serverCertificate, "-key", files.serverKey, "-www"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // It prints "ACCEPT 127.0.0.1:PORT" once it listens.
        var text = ""
        while !text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().contains(where: { $0.hasPrefix("ACCEPT") }) {
            let data = output.fileHandleForReading.availableData
            guard !data.isEmpty else { break }
            text += String(decoding: data, as: UTF8.self)
        }
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("ACCEPT") }),
            let port = line.split(separator: ":").last.flatMap({ Int($0) })
        else {
            kill(process.processIdentifier, SIGKILL)
            throw POSIXError(.EPROTO)
        }
        self.port = port
    }

    deinit {
        // SIGKILL: the child may inherit a mask that blocks SIGTERM from the test runner's thread.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: files.directory)
    }
}
