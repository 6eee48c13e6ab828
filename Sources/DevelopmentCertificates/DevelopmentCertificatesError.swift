import Foundation

/// Why development certificates could not be made. Every case reads as one line, so the command line
/// can print it as it is.
public enum DevelopmentCertificatesError: Error, Equatable, Sendable, CustomStringConvertible {
    /// More than Apple's limit for TLS server certificates, or not a positive number of days.
    case validityOutOfRange(days: Int)
    case noHosts
    case invalidHost(String, reason: String)
    /// One of the CA's two files exists without the other.
    case incompleteAuthority(present: String, missing: String)
    /// The CA certificate and key exist but the key is not the certificate's.
    case authorityMismatch(certificate: String, key: String)
    case unreadableAuthority(path: String, problem: String)
    case authorityExpired(certificate: String, notValidAfter: Date)
    case cannotCreateDirectory(path: String, problem: String)
    case cannotWrite(path: String, errno: Int32)
    case encoding(String)

    public var description: String {
        switch self {
        case .validityOutOfRange(let days) where days < 1:
            return "a certificate must be valid for at least 1 day, not \(days)"
        case .validityOutOfRange(let days):
            return "a server certificate valid for \(days) days would be refused: Apple platforms accept at most "
                + "\(DevelopmentCertificates.maximumValidityDays) days for TLS server certificates"
        case .noHosts:
            return "no host names or addresses for the server certificate"
        case .invalidHost(let host, let reason):
            return "host \"\(host)\": \(reason)"
        case .incompleteAuthority(let present, let missing):
            return "\(present) exists but \(missing) does not: restore \(missing), or remove \(present) to create "
                + "a new CA (devices that trust the old CA must then install the new one)"
        case .authorityMismatch(let certificate, let key):
            return "\(key) is not the private key of \(certificate): restore the matching pair, or remove both to "
                + "create a new CA (devices that trust the old CA must then install the new one)"
        case .unreadableAuthority(let path, let problem):
            return "cannot use the CA in \(path): \(problem)"
        case .authorityExpired(let certificate, let notValidAfter):
            return "the CA in \(certificate) expired on \(notValidAfter.ISO8601Format()): remove it and its key to "
                + "create a new one"
        case .cannotCreateDirectory(let path, let problem):
            return "cannot create directory \(path): \(problem)"
        case .cannotWrite(let path, let errno):
            return "cannot write \(path): \(String(cString: strerror(errno)))"
        case .encoding(let problem):
            return "cannot encode the certificate: \(problem)"
        }
    }
}
