import Foundation

/// What `DevelopmentCertificates.generate` wrote.
public struct GeneratedCertificates: Sendable {
    public let files: CertificateFiles
    /// The CA's SHA-256 fingerprint, colon-separated upper-case hex as OpenSSL and iOS show it.
    public let authorityFingerprint: String
    /// The CA's common name, as the device lists it under Certificate Trust Settings.
    public let authorityName: String
    /// True when an existing CA was kept (devices that trust it need nothing new).
    public let authorityReused: Bool
    /// The names in the new server certificate.
    public let hosts: [HostName]
    public let serverNotValidAfter: Date
}
