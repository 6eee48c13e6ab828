/// Where the development certificates live: fixed names in one directory, so `serve` and the
/// command line find the same files.
public struct CertificateFiles: Sendable, Equatable {
    public let directory: String

    public init(directory: String) {
        self.directory = directory.count > 1 && directory.hasSuffix("/") ? String(directory.dropLast()) : directory
    }

    /// The local root CA's certificate, the one a device installs and trusts.
    public var authorityCertificate: String { path("ca.pem") }
    /// The CA's private key (mode 0600).
    public var authorityKey: String { path("ca.key") }
    /// The server's chain: its certificate first, then the CA's, as a TLS server sends them.
    public var serverCertificate: String { path("server.pem") }
    /// The server's private key (mode 0600).
    public var serverKey: String { path("server.key") }
    /// The Apple configuration profile that installs the CA on an iPhone or iPad.
    public var trustProfile: String { path("PackServe-CA.mobileconfig") }

    private func path(_ name: String) -> String { "\(directory)/\(name)" }
}
