/// Why a certificate and key could not be loaded, in one line (OpenSSL's reason included).
public struct TLSContextError: Error, CustomStringConvertible, Sendable {
    public let message: String

    public var description: String { message }
}
